import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ByteBudgetCache, headerBytes, type ByteBudget } from './byte-budget-cache.ts';
import { responseVariant, type PreparedResponse } from './prepared-response.ts';
import { logAccess, type RequestIdFor } from './request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    visitorAnswers: VisitorAnswers;
  }
}

/** The response an address has now, or undefined once it has changed or expired. */
export type CurrentResponse = () => PreparedResponse | undefined;

interface RememberedAnswer {
  current: CurrentResponse;
  /** The headers the app's hooks set for this address (the security headers), without a request's own id. */
  headers: Record<string, string>;
  /** The route's pattern, for the access line and the metrics. */
  route: string;
}

/** Addresses anyone can vary, up to the longest URL Node accepts: memory stays bounded by forgetting the oldest. */
const defaultBudget: ByteBudget = { maxBytes: 4 * 1024 * 1024, maxEntryBytes: 64 * 1024 };

/**
 * A read that may be answered before routing: a GET from a visitor. A request with a cookie or credentials may
 * belong to someone signed in, whose answers differ, so it always goes through the app.
 */
function isVisitorRead(request: IncomingMessage): boolean {
  return (
    request.method === 'GET' && request.headers.cookie === undefined && request.headers.authorization === undefined
  );
}

/**
 * The address, and what decides whether it was asked for over HTTPS (and so gets HSTS): TLS, X-Forwarded-Proto and,
 * when proxies are trusted by address, whether the peer is one (Fastify asks that of the peer's address alone).
 */
function addressKey(request: IncomingMessage, byPeer: boolean): string {
  const { socket } = request;
  const encrypted = (socket as { encrypted?: boolean }).encrypted ? 'tls' : 'tcp';
  const peer = byPeer ? socket.remoteAddress : '';
  return `${encrypted} ${request.headers['x-forwarded-proto'] ?? ''} ${peer} ${request.url}`;
}

/**
 * Visitors' reads answered from memory without going through routing, hooks and validation again. When a route
 * answers a visitor from the public response cache it calls `remember`; while that cached response stays current,
 * the next visitor asking for the same address gets the same answer (headers, 304 or compressed body alike) straight
 * from node:http, with a request id, access line and metrics of its own. Anything else, a changed or expired
 * response included, goes through the app as before. A remembered answer is the app's own answer replayed, so only
 * what the app's answer depended on may vary between requests: the address, HTTPS, Accept-Encoding and
 * If-None-Match.
 */
export class VisitorAnswers {
  readonly #answers: ByteBudgetCache<RememberedAnswer>;
  /** Proxies are trusted by address: HTTPS is then the proxy's word only when the peer is one. */
  readonly #byPeer: boolean;
  #open = true;
  readonly #requestIdFor: RequestIdFor;
  /** Requests answered here rather than by the app. */
  answered = 0;

  constructor(
    private readonly app: FastifyInstance,
    {
      trustProxy,
      requestIdFor,
      budget = defaultBudget,
    }: { trustProxy: unknown; requestIdFor: RequestIdFor; budget?: ByteBudget },
  ) {
    this.#requestIdFor = requestIdFor;
    this.#answers = new ByteBudgetCache(budget);
    this.#byPeer = trustProxy !== true && trustProxy !== false && trustProxy !== undefined;
    app.decorate('visitorAnswers', this as VisitorAnswers);
    // Like the app, a closing server answers nothing new from here.
    app.addHook('preClose', (done) => {
      this.#open = false;
      this.#answers.clear();
      done();
    });
    const routeRequest = app.server.listeners('request')[0] as (...args: unknown[]) => void;
    app.server.removeListener('request', routeRequest);
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.#answer(request, response)) routeRequest(request, response);
    });
  }

  /** What the remembered answers hold, in bytes. */
  get bytes(): number {
    return this.#answers.bytes;
  }

  /** Called by a route answering a visitor with the cached response that `current` gives while it lasts. */
  remember(request: FastifyRequest, reply: FastifyReply, current: CurrentResponse): void {
    if (!this.#open || !isVisitorRead(request.raw)) return;
    const key = addressKey(request.raw, this.#byPeer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (name !== 'x-request-id' && typeof value === 'string') headers[name] = value;
    }
    const route = request.routeOptions.url ?? 'unmatched';
    this.#answers.set(key, { current, headers, route }, headerBytes(headers) + route.length);
  }

  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.#open || !isVisitorRead(request)) return false;
    const key = addressKey(request, this.#byPeer);
    const remembered = this.#answers.get(key);
    if (remembered === undefined) return false;
    const current = remembered.current();
    if (current === undefined) {
      this.#answers.delete(key);
      return false;
    }
    const start = performance.now();
    const id = this.#requestIdFor(request);
    const { status, headers, body } = responseVariant(current, request.headers);
    const sent: Record<string, string> = { 'x-request-id': id, ...remembered.headers, ...headers };
    if (body !== undefined) sent['content-length'] = String(body.length);
    response.writeHead(status, sent);
    response.end(body);
    this.answered += 1;
    const ms = performance.now() - start;
    const method = request.method!;
    logAccess(this.app.log, id, {
      method,
      route: remembered.route,
      url: request.url!,
      status,
      ms: Math.round(ms * 100) / 100,
      bytes: body === undefined ? null : body.length,
    });
    this.app.metrics.requests?.(method, remembered.route, status, ms / 1000);
    return true;
  }
}
