import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer.ts';
import { prepareResponse, sendPreparedResponse } from './prepared-response.ts';
import type { ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one response cache, for its metrics and tests. */
    responses: ResponseCache;
  }
  interface FastifyContextConfig {
    /**
     * The query parameters a page reads, when the route declares them: every other one (a campaign's `utm_*`, a
     * `gclid`) and their order leave its answer, and so its cache key, unchanged. Undeclared, the whole address is the
     * key. A route serving many pages (`/*`) names them per path.
     */
    readsQuery?: readonly string[] | ((path: string) => readonly string[]);
  }
}

/**
 * The key of the answer at `url` for a route that reads only the query parameters `names`: its path, then the first
 * non-empty value of each of them, in the order named. `/blog?utm_source=x&q=seo&page=2` is `/blog?page=2&q=seo`.
 */
export function answerKeyOf(url: string, names: readonly string[]): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  if (names.length === 0) return path;
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query === '' ? path : `${path}?${query}`;
}

/**
 * The key of a request's answer: its address, less the query parameters its route declares it does not read. An
 * address without a query is its own key: the route's parameters are asked for only when there is a query to sift.
 */
export function answerKey(request: FastifyRequest): string {
  const { url } = request;
  const reads = request.routeOptions.config?.readsQuery;
  const queryStart = url.indexOf('?');
  if (reads === undefined || queryStart === -1) return url;
  return answerKeyOf(url, typeof reads === 'function' ? reads(url.slice(0, queryStart)) : reads);
}

/**
 * A read whose answer may be kept or come from the cache: a GET or HEAD from a visitor. The API's guard has set
 * `request.user` by then; the site's pages are the same for everyone, so there it is never set.
 */
function isVisitorRead(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.user;
}

/**
 * Answers a read with what `load` makes: for a visitor through the response cache under `key` (the request's
 * `answerKey` unless several addresses share one answer), for an admin made afresh and never kept. Encoded the same way for both: ETag,
 * 304 Not Modified, Brotli or gzip as the request accepts.
 */
export async function sendAnswer(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<Answer>,
  key = answerKey(request),
): Promise<FastifyReply> {
  const response = isVisitorRead(request) ? await cache.load(key, load) : prepareResponse(await load());
  return sendPreparedResponse(request, reply, response);
}

/**
 * The cache's reader on the request path: the last `onRequest` hook of a plugin whose reads go through the cache.
 * Every hook before it has run (the request front: request id, security headers, redirects, screening; the API's
 * guard), and so do `onSend` and `onResponse` (access line, metrics) after it: a visitor's read kept at its address
 * is answered here, sparing validation and the handler. It is kept under its `answerKey`: a page asked for with a
 * campaign's parameters is the page without them. Register it after the plugin's other `onRequest` hooks.
 */
export function registerCachedAnswerReader(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', (request, reply, done) => {
    const kept = isVisitorRead(request) ? cache.peek(answerKey(request)) : undefined;
    if (kept === undefined) return done();
    sendPreparedResponse(request, reply, kept);
  });
}
