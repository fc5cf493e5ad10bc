import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON body, already encoded, with every header it is sent with, its ETag included: computed once, sent many
 * times (a Buffer spares encoding the text again for every request).
 */
export interface JsonResponse {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export function jsonResponse(value: unknown, headers: Record<string, string>): JsonResponse {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers: { 'content-type': 'application/json; charset=utf-8', etag, ...headers } };
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

/** Sends the response, or 304 Not Modified when the client already holds this version. */
export function sendJsonResponse(request: FastifyRequest, reply: FastifyReply, response: JsonResponse): FastifyReply {
  reply.headers(response.headers);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, response.etag)) return reply.code(304).send();
  return reply.send(response.body);
}
