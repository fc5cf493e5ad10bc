import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer.ts';

type Encoding = 'br' | 'gzip';

/**
 * An answer encoded once and sent many times: its body as bytes (a Buffer spares encoding the text again for every
 * request) and every header it is sent with, its ETag included. What a request may get of it is made once too: the
 * body as it is and 304 Not Modified when the answer is made, compressed copies, with their headers, on first demand.
 * A read answered from the cache then only picks one (`responseVariant`). Only the response cache makes these;
 * handlers return an `Answer`.
 */
export interface PreparedResponse {
  status: number;
  /** None for a redirect. */
  body: Buffer | undefined;
  headers: Record<string, string>;
  /** The answer as it is. */
  identity: ResponseVariant;
  /** For a request that holds this version already; undefined for a redirect, which has no ETag. */
  notModified: ResponseVariant | undefined;
  compressed: Partial<Record<Encoding, ResponseVariant>>;
}

// Below this, compression saves less than its headers cost.
const minimumCompressedSize = 1024;

export function prepareResponse(answer: Answer): PreparedResponse {
  const { status } = answer;
  if (answer.text === undefined) {
    const { headers } = answer;
    return {
      status,
      body: undefined,
      headers,
      identity: { status, headers, body: undefined },
      notModified: undefined,
      compressed: {},
    };
  }
  const body = Buffer.from(answer.text);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const vary = answer.headers.vary ? `${answer.headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  const headers = { etag, ...answer.headers, vary };
  return {
    status,
    body,
    headers,
    identity: { status, headers, body },
    notModified: { status: 304, headers, body: undefined },
    compressed: {},
  };
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

function parseAcceptedEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim()))
    .filter(([, quality]) => quality === undefined || !/^q=0(\.0*)?$/.test(quality))
    .map(([name]) => name);
  if (accepted.includes('br')) return 'br';
  return accepted.includes('gzip') ? 'gzip' : undefined;
}

/**
 * What each Accept-Encoding seen lately asks for: browsers send one of a handful of values, and parsing one makes
 * several arrays, for every read a browser sends. Anyone can vary the header, so what is remembered is bounded.
 */
const encodingByHeader = new Map<string, Encoding | null>();
const rememberedHeaders = 64;

function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const known = encodingByHeader.get(acceptEncoding);
  if (known !== undefined) return known ?? undefined;
  const encoding = parseAcceptedEncoding(acceptEncoding);
  if (encodingByHeader.size >= rememberedHeaders) encodingByHeader.clear();
  encodingByHeader.set(acceptEncoding, encoding ?? null);
  return encoding;
}

/**
 * How answers made per request are compressed: on first demand, while a visitor waits, for an answer kept 5 s at most
 * and made again after every write. Brotli 4 costs about 60% of Brotli 5's CPU (on a 26 to 45 KB page, 0.5 against
 * 0.8 ms) for a body about 7% larger, still smaller than gzip's; the build's files, compressed once, get the highest
 * qualities instead (precompress.ts).
 */
export const answerCompression = { brotliQuality: 4, gzipLevel: constants.Z_DEFAULT_COMPRESSION } as const;

function compressed(response: PreparedResponse, body: Buffer, encoding: Encoding): ResponseVariant {
  const compress = (): ResponseVariant => ({
    status: response.status,
    headers: { ...response.headers, 'content-encoding': encoding },
    body:
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: answerCompression.brotliQuality,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipSync(body, { level: answerCompression.gzipLevel }),
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

/** Picks what a request gets of a response; nothing is made or parsed again for a request like an earlier one. */
export function responseVariant(response: PreparedResponse, requestHeaders: IncomingHttpHeaders): ResponseVariant {
  const { body, notModified } = response;
  if (body === undefined || notModified === undefined) return response.identity;
  const ifNoneMatch = requestHeaders['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, response.headers.etag!)) return notModified;
  if (body.length < minimumCompressedSize) return response.identity;
  const encoding = acceptedEncoding(requestHeaders['accept-encoding']);
  return encoding === undefined ? response.identity : compressed(response, body, encoding);
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
