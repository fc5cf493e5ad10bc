import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../src/content/types.gen.ts';
import { openDatabase } from './store/database.ts';
import type { Database } from './store/schema.ts';
import { createClientFixture } from './test-support/client-fixture.ts';
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

/** Every row that a request could change, in a stable order. */
async function storedData() {
  const tables = ['posts', 'post_terms', 'users', 'sessions', 'blog_changes'] as const;
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await observer.selectFrom(table).selectAll().execute();
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
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
  it('answers thousands of visitors’ requests without a 5xx, and changes no stored data', async () => {
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
      { numRuns: 2500 },
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

  it('answers a signed-in admin’s hostile reads and deletes of addresses that hold no post without a 5xx', async () => {
    const before = await storedData();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'DELETE', 'OPTIONS'),
        hostilePath,
        hostileQuery,
        async (method, path, query) => {
          const response = await testApp.app.inject(
            asAdmin(cookie, { method: method as 'GET', url: `${path}${query}` }),
          );
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
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

  it('still answers health checks and visitors afterwards', async () => {
    expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/blogs?limit=5' })).statusCode).toBe(200);
  });
});
