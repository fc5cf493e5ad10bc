import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * A JSON body, already encoded, with every header it is sent with, its ETag included: computed once, sent many
 * times (a Buffer spares encoding the text again for every request). Compressed copies are made on first demand.
 */
export interface JsonResponse {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  compressed: Partial<Record<Encoding, Buffer>>;
}

// Below this, compression saves less than its headers cost.
const minimumCompressedSize = 1024;

export function jsonResponse(value: unknown, headers: Record<string, string>): JsonResponse {
  return preparedResponse(Buffer.from(JSON.stringify(value)), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** Any body prepared the same way, such as a rendered HTML page; headers must include its content-type. */
export function preparedResponse(body: Buffer, headers: Record<string, string>): JsonResponse {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return { body, etag, headers: { etag, ...headers, vary }, compressed: {} };
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim()))
    .filter(([, quality]) => quality === undefined || !/^q=0(\.0*)?$/.test(quality))
    .map(([name]) => name);
  if (accepted.includes('br')) return 'br';
  return accepted.includes('gzip') ? 'gzip' : undefined;
}

function compressedBody(response: JsonResponse, encoding: Encoding): Buffer {
  const compress = () =>
    encoding === 'br'
      ? brotliCompressSync(response.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(response.body);
  return (response.compressed[encoding] ??= compress());
}

/** Sends the response, compressed when the client accepts it, or 304 Not Modified when it holds this version. */
export function sendJsonResponse(request: FastifyRequest, reply: FastifyReply, response: JsonResponse): FastifyReply {
  reply.headers(response.headers);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, response.etag)) return reply.code(304).send();
  const encoding =
    response.body.length >= minimumCompressedSize ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding === undefined) return reply.send(response.body);
  return reply.header('content-encoding', encoding).send(compressedBody(response, encoding));
}
