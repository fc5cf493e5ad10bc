import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer.ts';

type Encoding = 'br' | 'gzip';

/**
 * An answer encoded once and sent many times: its body as bytes (a Buffer spares encoding the text again for every
 * request) and every header it is sent with, its ETag included. Compressed copies, with their headers, are made on
 * first demand. Only the response cache makes these; handlers return an `Answer`.
 */
export interface PreparedResponse {
  status: number;
  /** None for a redirect. */
  body: Buffer | undefined;
  headers: Record<string, string>;
  compressed: Partial<Record<Encoding, ResponseVariant>>;
}

// Below this, compression saves less than its headers cost.
const minimumCompressedSize = 1024;

export function prepareResponse(answer: Answer): PreparedResponse {
  if (answer.text === undefined) {
    return { status: answer.status, body: undefined, headers: answer.headers, compressed: {} };
  }
  const body = Buffer.from(answer.text);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const { headers } = answer;
  const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return { status: answer.status, body, headers: { etag, ...headers, vary }, compressed: {} };
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

function compressed(response: PreparedResponse, body: Buffer, encoding: Encoding): ResponseVariant {
  const compress = (): ResponseVariant => ({
    status: response.status,
    headers: { ...response.headers, 'content-encoding': encoding },
    body:
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(body),
  });
  return (response.compressed[encoding] ??= compress());
}

/** What a request gets of a response: 304 Not Modified when it holds this version, else the body it accepts. */
export interface ResponseVariant {
  status: number;
  /** The response's headers, with Content-Encoding when the body is compressed. */
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export function responseVariant(response: PreparedResponse, requestHeaders: IncomingHttpHeaders): ResponseVariant {
  const { body, headers } = response;
  if (body === undefined) return { status: response.status, headers, body };
  const ifNoneMatch = requestHeaders['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, headers.etag!)) {
    return { status: 304, headers, body: undefined };
  }
  const encoding =
    body.length >= minimumCompressedSize ? acceptedEncoding(requestHeaders['accept-encoding']) : undefined;
  if (encoding === undefined) return { status: response.status, headers, body };
  return compressed(response, body, encoding);
}

/** Sends the response, compressed when the client accepts it, or 304 Not Modified when it holds this version. */
export function sendPreparedResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: PreparedResponse,
): FastifyReply {
  const { status, headers, body } = responseVariant(response, request.headers);
  return reply.code(status).headers(headers).send(body);
}
