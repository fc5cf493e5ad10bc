import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer.ts';
import { prepareResponse, sendPreparedResponse } from './prepared-response.ts';
import type { ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one response cache, for its metrics and tests. */
    responses: ResponseCache;
  }
}

/**
 * A read whose answer may be kept or come from the cache: a GET or HEAD from a visitor. The API's guard has set
 * `request.user` by then; the site's pages are the same for everyone, so there it is never set.
 */
function isVisitorRead(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.user;
}

/**
 * Answers a read with what `load` makes: for a visitor through the response cache under `key` (the address unless
 * several addresses share one answer), for an admin made afresh and never kept. Encoded the same way for both: ETag,
 * 304 Not Modified, Brotli or gzip as the request accepts.
 */
export async function sendAnswer(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<Answer>,
  key = request.url,
): Promise<FastifyReply> {
  const response = isVisitorRead(request) ? await cache.load(key, load) : prepareResponse(await load());
  return sendPreparedResponse(request, reply, response);
}

/**
 * The cache's reader on the request path: the last `onRequest` hook of a plugin whose reads go through the cache.
 * Every hook before it has run (the request front: request id, security headers, redirects, screening; the API's
 * guard), and so do `onSend` and `onResponse` (access line, metrics) after it: a visitor's read kept at its address
 * is answered here, sparing validation and the handler. Register it after the plugin's other `onRequest` hooks.
 */
export function registerCachedAnswerReader(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', (request, reply, done) => {
    const kept = isVisitorRead(request) ? cache.peek(request.url) : undefined;
    if (kept === undefined) return done();
    sendPreparedResponse(request, reply, kept);
  });
}
