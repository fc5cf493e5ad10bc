import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseObserver } from '../store/database.ts';
import { HttpError } from './errors.ts';
import type { ResponseCache } from './response-cache.ts';

export interface AppMetrics {
  /** This app's own registry: several apps in one process (tests, scale-out) never mix their figures. */
  readonly registry: Registry;
  /** Off unless a token is set: then nothing is counted and GET /metrics does not exist. */
  readonly enabled: boolean;
  /** Uploads waiting to be processed; the media pipeline sets it whenever its queue changes. */
  readonly mediaQueue: Gauge;
  /** Pages rendered by the server (each a render of the whole page); a page answered from the cache is none. */
  readonly pageRenders: Counter;
  /** Query timings and PostgreSQL's pool, for openDatabase; undefined when metrics are off. */
  readonly database: DatabaseObserver | undefined;
  /** Counts one answered request and its duration; undefined when metrics are off. */
  readonly requests: RequestObserver | undefined;
}

export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function databaseObserver(registry: Registry): DatabaseObserver {
  const queries = new Histogram({
    name: 'northbeam_db_query_duration_seconds',
    help: 'Time each database query took, by outcome (ok or error).',
    labelNames: ['outcome'],
    buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  return {
    query: (durationMs, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000),
    pool(pool: pg.Pool) {
      new Gauge({
        name: 'northbeam_db_pool_connections',
        help: 'PostgreSQL pool connections by state: total, idle, and requests waiting for one (SQLite has none).',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    },
  };
}

export function createMetrics(token: string | undefined): AppMetrics {
  const registry = new Registry();
  const enabled = Boolean(token);
  const mediaQueue = new Gauge({
    name: 'northbeam_media_queue_length',
    help: 'Uploaded media waiting to be processed.',
    registers: [registry],
  });
  const pageRenders = new Counter({
    name: 'northbeam_page_renders_total',
    help: 'Pages the server rendered; a page answered from the response cache is not rendered.',
    registers: [registry],
  });
  if (enabled) collectDefaultMetrics({ register: registry });
  return {
    registry,
    enabled,
    mediaQueue,
    pageRenders,
    database: enabled ? databaseObserver(registry) : undefined,
    requests: enabled ? requestObserver(registry) : undefined,
  };
}

function sameSecret(given: string, expected: string): boolean {
  // Digests have equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function requestObserver(registry: Registry): RequestObserver {
  const requests = new Counter({
    name: 'northbeam_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'northbeam_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  return (method, route, status, seconds) => {
    latency.observe({ method, route }, seconds);
    requests.inc({ method, route, status });
  };
}

function countRequests(app: FastifyInstance, observe: RequestObserver): void {
  app.addHook('onResponse', (request, reply, done) => {
    observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

function countCache(registry: Registry, cache: ResponseCache): void {
  new Counter({
    name: 'northbeam_public_cache_hits_total',
    help: "Visitors' reads answered from memory.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new Counter({
    name: 'northbeam_public_cache_misses_total',
    help: "Visitors' reads that needed a database read.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });
}

export interface MetricsOptions {
  metrics: AppMetrics;
  token: string | undefined;
  cache: ResponseCache;
}

/**
 * Makes `app.metrics` available to every plugin, and when a token is set counts requests and serves GET /metrics in
 * Prometheus's text format to whoever sends `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, { metrics, token, cache }: MetricsOptions): void {
  app.decorate('metrics', metrics);
  if (!metrics.requests || !token) return;
  countRequests(app, metrics.requests);
  countCache(metrics.registry, cache);
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      throw new HttpError(401, 'Send the metrics token as "Authorization: Bearer <token>".', [], {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
