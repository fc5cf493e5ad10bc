import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseUrl } from '../test-support/test-database.ts';
import { openDatabase, sqliteFileName } from './database.ts';

let testApp: TestApp;
afterEach(() => testApp.close());

const wordCount = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('the SQLite store', () => {
  it('keeps posts and sessions across a restart', async () => {
    testApp = await createTestApp();
    const cookie = await signIn(testApp.app);
    const created = await createPost(testApp.app, cookie, { tags: ['kept'] });

    const restarted = await testApp.restart();
    const read = await restarted.inject(asAdmin(cookie, { url: `/api/blogs/${created._id}` }));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('seeds a fresh database with five published example posts, once', async () => {
    testApp = await createTestApp({ seedExamples: true });
    const list = async (app = testApp.app) => (await app.inject({ url: '/api/blogs' })).json<BlogPost[]>();
    const examples = await list();
    expect(examples).toHaveLength(5);
    for (const post of examples) {
      expect(post.status).toBe('published');
      expect(post.publishedAt?.startsWith('2025-')).toBe(true);
      expect(wordCount(post.html)).toBeGreaterThanOrEqual(300);
      expect(post.coverImage).toMatch(/^\/images\/blog\/cover-[1-5]\.svg$/);
      expect(post.summary!.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(examples.flatMap((post) => post.categories)).size).toBe(5);

    const cookie = await signIn(testApp.app);
    await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${examples[0]!._id}` }));
    expect(await list(await testApp.restart())).toHaveLength(4);
  });

  it('starts empty with seeding turned off', async () => {
    testApp = await createTestApp({ seedExamples: false });
    expect((await testApp.app.inject({ url: '/api/blogs' })).json()).toEqual([]);
  });

  it.skipIf(testDatabaseUrl)(
    'uses WAL, synchronous=FULL and foreign keys, and finds a post by slug through an index',
    async () => {
      testApp = await createTestApp();
      const database = new SQLite(join(testApp.dataDir, sqliteFileName), { readonly: true });
      try {
        expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
        const plan = database.prepare('EXPLAIN QUERY PLAN SELECT * FROM posts WHERE slug = ?').all('x') as {
          detail: string;
        }[];
        expect(plan.map((step) => step.detail).join()).toMatch(/USING INDEX/);
      } finally {
        database.close();
      }
      // synchronous and foreign_keys belong to a connection: check one opened the way the app opens its own.
      const db = openDatabase({ dataDir: testApp.dataDir });
      try {
        const pragma = async (name: string) => (await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0];
        expect(await pragma('synchronous')).toEqual({ synchronous: 2 });
        expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      } finally {
        await db.destroy();
      }
    },
  );
});
