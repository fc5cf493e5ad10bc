import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

const token = 'a-long-random-metrics-token';
let withMetrics: TestApp;
let withoutMetrics: TestApp;

beforeAll(async () => {
  withMetrics = await createTestApp({ metricsToken: token, seedExamples: true });
  withoutMetrics = await createTestApp();
});

afterAll(async () => {
  await withMetrics.close();
  await withoutMetrics.close();
});

async function scrape(): Promise<string> {
  const response = await withMetrics.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
  return response.body;
}

/** The value of one series in Prometheus's text format; 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist unless a token is set', async () => {
    const response = await withoutMetrics.app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(404);
  });

  it('refuses requests without the token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token, 'Bearer ']) {
      const response = await withMetrics.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json()).toMatchObject({ statusCode: 401, message: expect.stringContaining('Bearer') });
    }
  });

  it('counts requests by route and status, their latency, queries, cache hits and process figures', async () => {
    const before = await scrape();
    const ok = 'northbeam_http_requests_total{method="GET",route="/api/blogs",status="200"}';
    const refused = 'northbeam_http_requests_total{method="GET",route="/api/blogs",status="400"}';
    const latency = 'northbeam_http_request_duration_seconds_count{method="GET",route="/api/blogs"}';
    const queries = 'northbeam_db_query_duration_seconds_count{outcome="ok"}';
    for (let index = 0; index < 3; index += 1) await withMetrics.app.inject({ url: '/api/blogs?limit=3' });
    await withMetrics.app.inject({ url: '/api/blogs?limit=Infinity' });
    withMetrics.app.metrics.mediaQueue.set(7);

    const after = await scrape();
    expect(valueOf(after, ok) - valueOf(before, ok)).toBe(3);
    expect(valueOf(after, refused) - valueOf(before, refused)).toBe(1);
    expect(valueOf(after, latency) - valueOf(before, latency)).toBe(4);
    expect(valueOf(after, queries)).toBeGreaterThan(valueOf(before, queries));
    const hits =
      valueOf(after, 'northbeam_public_cache_hits_total') - valueOf(before, 'northbeam_public_cache_hits_total');
    const misses =
      valueOf(after, 'northbeam_public_cache_misses_total') - valueOf(before, 'northbeam_public_cache_misses_total');
    expect(hits + misses).toBe(3);
    expect(hits).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, 'northbeam_media_queue_length')).toBe(7);
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });
});
