import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * A body (JSON, or a rendered HTML page), already encoded, with every header it is sent with, its ETag included: computed once, sent many
 * times (a Buffer spares encoding the text again for every request). Compressed copies, with their headers, are
 * made on first demand.
 */
export interface PreparedResponse {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  compressed: Partial<Record<Encoding, ResponseVariant>>;
}

// Below this, compression saves less than its headers cost.
const minimumCompressedSize = 1024;

export function jsonResponse(value: unknown, headers: Record<string, string>): PreparedResponse {
  return preparedResponse(Buffer.from(JSON.stringify(value)), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** Any body prepared the same way, such as a rendered HTML page; headers must include its content-type. */
export function preparedResponse(body: Buffer, headers: Record<string, string>): PreparedResponse {
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

function compressed(response: PreparedResponse, encoding: Encoding): ResponseVariant {
  const compress = (): ResponseVariant => ({
    status: 200,
    headers: { ...response.headers, 'content-encoding': encoding },
    body:
      encoding === 'br'
        ? brotliCompressSync(response.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(response.body),
  });
  return (response.compressed[encoding] ??= compress());
}

/** What a request gets of a response: 304 Not Modified when it holds this version, else the body it accepts. */
export interface ResponseVariant {
  /** 200 stands for the response's own status. */
  status: 200 | 304;
  /** The response's headers, with Content-Encoding when the body is compressed. */
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export function responseVariant(response: PreparedResponse, requestHeaders: IncomingHttpHeaders): ResponseVariant {
  const ifNoneMatch = requestHeaders['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, response.etag)) {
    return { status: 304, headers: response.headers, body: undefined };
  }
  const encoding =
    response.body.length >= minimumCompressedSize ? acceptedEncoding(requestHeaders['accept-encoding']) : undefined;
  if (encoding === undefined) return { status: 200, headers: response.headers, body: response.body };
  return compressed(response, encoding);
}

/** Sends the response, compressed when the client accepts it, or 304 Not Modified when it holds this version. */
export function sendPreparedResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: PreparedResponse,
): FastifyReply {
  const { status, headers, body } = responseVariant(response, request.headers);
  // A status the caller set (a 404 page, say) stays, unless the client holds this version.
  if (status === 304) reply.code(304);
  return reply.headers(headers).send(body);
}
