import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../src/content/types.gen.ts';
import { openDatabase } from './store/database.ts';
import type { Database } from './store/schema.ts';
import { createClientFixture } from './test-support/client-fixture.ts';
import { routesOf } from './http/route-catalog.ts';
import { contractRequests, type ContractRequest } from './test-support/contract-requests.ts';
import {
  anyMethod,
  hostileBody,
  hostileContentType,
  hostilePath,
  hostileQuery,
  hostileValidPost,
  invalidPostBody,
  madeUpSessionCookie,
} from './test-support/hostile-input.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from './test-support/test-app.ts';

/** `npm run test:fuzz -- --runs N` sets these for long runs; `npm test` keeps them small and bounded in time. */
const contractRuns = Number(process.env.FUZZ_RUNS ?? 500);
const timeLimitMs = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 20_000);

let testApp: TestApp;
let clientDir: string;
let cookie: string;
let observer: Kysely<Database>;
let existingId: string;

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir, seedExamples: true });
  cookie = await signIn(testApp.app);
  observer = openDatabase(testApp.store);
  existingId = (await testApp.app.inject({ url: '/api/blogs' })).json<BlogPost[]>()[0]!._id;
});

afterAll(async () => {
  await observer.destroy();
  await testApp.close();
  rmSync(dirname(clientDir), { recursive: true, force: true });
});

/** Tables that record refused requests by design: failed sign-ins count towards a lockout. */
const bookkeeping = new Set(['login_failures']);

/** The audit log keeps every failed attempt by design; a refused request must never log anything else. */
const keptByDesign = (table: string, row: Record<string, unknown>) =>
  table === 'audit_log' && row.outcome === 'failure';

/** Every row that a request could change, in every table (those of routes added later too), in a stable order. */
async function storedData() {
  const tables = await observer.introspection.getTables();
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (bookkeeping.has(name)) continue;
    const rows = await observer
      .selectFrom(name as 'posts')
      .selectAll()
      .execute();
    snapshot[name] = rows
      .filter((row) => !keptByDesign(name, row))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return snapshot;
}

function definedHeaders(headers: Record<string, string | undefined | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

describe('the API under random and hostile input', () => {
  it(
    'answers requests drawn from every route’s schemas, mixed with hostile values, without a 5xx; refused writes change nothing',
    async () => {
      const routes = routesOf(testApp.app);
      const seen = new Set<string>();
      let runs = 0;
      const send = (request: ContractRequest) =>
        testApp.app.inject({
          method: request.method,
          url: request.url,
          payload: request.body,
          headers: definedHeaders({
            'content-type': request.contentType,
            origin: 'http://localhost',
            cookie: request.asAdmin ? cookie : undefined,
          }),
        });
      await fc.assert(
        fc.asyncProperty(contractRequests(routes), async (request) => {
          runs += 1;
          seen.add(request.route);
          const writes = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
          const before = writes ? await storedData() : undefined;
          const response = await send(request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
          if (before !== undefined && response.statusCode >= 400) expect(await storedData()).toEqual(before);
          // A drawn sign-out ends the admin's session: sign in again for the requests that follow.
          if (request.asAdmin && request.url.startsWith('/api/auth/logout') && response.statusCode < 300) {
            cookie = await signIn(testApp.app);
          }
        }),
        { numRuns: contractRuns, interruptAfterTimeLimit: timeLimitMs },
      );
      expect(runs).toBeGreaterThan(Math.min(contractRuns, 50));
      expect(seen.size).toBeGreaterThan(routes.length / 2);
    },
    timeLimitMs + 60_000,
  );

  it('answers thousands of visitors’ hand-picked hostile requests without a 5xx, and changes no stored data', async () => {
    const before = await storedData();
    await fc.assert(
      fc.asyncProperty(
        anyMethod,
        hostilePath,
        hostileQuery,
        fc.option(hostileBody, { nil: undefined }),
        hostileContentType,
        fc.constantFrom(undefined, 'http://localhost', 'https://evil.example', 'null'),
        fc.option(madeUpSessionCookie, { nil: undefined }),
        async (method, path, query, body, contentType, origin, sessionCookie) => {
          const response = await testApp.app.inject({
            method: method as 'GET',
            url: `${path}${query}`,
            payload: body,
            headers: definedHeaders({ 'content-type': contentType, origin, cookie: sessionCookie }),
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1000, interruptAfterTimeLimit: timeLimitMs },
    );
    expect(await storedData()).toEqual(before);
  });

  it('refuses every invalid post body from a signed-in admin with a 4xx, changing nothing', async () => {
    const before = await storedData();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT'),
        fc.oneof(invalidPostBody, hostileBody),
        hostileContentType,
        async (method, body, contentType) => {
          const url = method === 'POST' ? '/api/blogs' : `/api/blogs/${existingId}`;
          const response = await testApp.app.inject(
            asAdmin(cookie, {
              method: method as 'POST',
              url,
              payload: body,
              headers: definedHeaders({ 'content-type': contentType }),
            }),
          );
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1500 },
    );
    expect(await storedData()).toEqual(before);
  });

  it('stores hostile but valid posts exactly as answered, with their markup made safe', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValidPost, async (input) => {
        const created = await testApp.app.inject(
          asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: input }),
        );
        expect([201, 409]).toContain(created.statusCode);
        if (created.statusCode === 409) return;
        const post = created.json<BlogPost>();
        expect(post.html).not.toMatch(/<script|<[^>]+\son\w+\s*=|<[^>]+=\s*["']?\s*javascript:/i);
        const read = await testApp.app.inject(asAdmin(cookie, { url: `/api/blogs/${post._id}` }));
        expect(read.json()).toEqual(post);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the feeds and the sitemap well-formed XML with every hostile post stored', async () => {
    const urls = ['/rss.xml', '/sitemap.xml'];
    const terms = await observer.selectFrom('post_terms').select(['taxonomy', 'term_slug']).distinct().execute();
    for (const term of terms.slice(0, 20)) {
      if (term.term_slug) urls.push(`/blog/${term.taxonomy}/${encodeURIComponent(term.term_slug)}/rss.xml`);
    }
    for (const url of urls) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      if (response.statusCode === 200) {
        expect(() => new JSDOM(response.body, { contentType: 'application/xml' }), url).not.toThrow();
      }
    }
  });

  it('still answers health checks and visitors afterwards', async () => {
    expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/blogs?limit=5' })).statusCode).toBe(200);
  });
});
