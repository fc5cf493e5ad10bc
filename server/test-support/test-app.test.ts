import type { ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { examplePosts } from '../blog/index.ts';
import { migrations } from '../store/migrations/index.ts';
import { openDatabase, type StoreLocation } from '../store/database.ts';
import { createTestApp, temporaryDirectory, type TestApp } from './test-app.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './test-database.ts';

/** When each migration of the store at `location` ran. */
async function migrationTimes(location: StoreLocation): Promise<number[]> {
  const db = openDatabase(location);
  try {
    const { rows } = await sql<{ timestamp: string }>`select timestamp from kysely_migration`.execute(db);
    return rows.map((row) => Date.parse(row.timestamp));
  } finally {
    await db.destroy();
  }
}

let testApp: TestApp | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await testApp?.close();
  await database?.drop();
  testApp = database = undefined;
});

describe("a run's test apps", () => {
  it('start on a copy of the migrated template the run made, running no migration of their own', async () => {
    expect(inject('migratedTemplates').sqliteFile).toMatch(/northbeam\.sqlite$/);
    if (testDatabaseUrl) expect(inject('migratedTemplates').postgresDatabase).toMatch(/^northbeam_template_/);
    const asked = Date.now();
    testApp = await createTestApp();
    const times = await migrationTimes(testApp.store);
    expect(times).toHaveLength(Object.keys(migrations).length);
    expect(times.filter((time) => time >= asked)).toEqual([]);
    // The copy is the app's own: what one app writes, the next does not see.
    expect((await testApp.app.inject('/api/blogs')).json()).toEqual([]);
  });

  it('start no process: their content folder does not exist, so git is not asked whether it is a checkout', async () => {
    // Published as each process is made, before it is given its command.
    const made: ChildProcess[] = [];
    const started = () => made.map((child) => child.spawnargs.join(' '));
    const onProcess = (message: unknown) => void made.push((message as { process: ChildProcess }).process);
    subscribe('child_process', onProcess);
    try {
      testApp = await createTestApp();
      expect((await testApp.app.inject('/api/content/status')).statusCode).toBe(401);
      expect(started()).toEqual([]);
      await testApp.close();
      // A content folder that exists is asked about (and one that is no checkout is none: the app starts all the same).
      const plain = temporaryDirectory();
      try {
        testApp = await createTestApp({ content: { dir: plain } });
        expect((await testApp.app.inject('/api/content/status')).statusCode).toBe(401);
      } finally {
        rmSync(plain, { recursive: true, force: true });
      }
      expect(started()).toEqual([expect.stringMatching(/^git rev-parse/)]);
    } finally {
      unsubscribe('child_process', onProcess);
    }
  });

  it('migrate a database of their own when they seed the example posts, which only a first migration adds', async () => {
    const asked = Date.now();
    testApp = await createTestApp({ seedExamples: true });
    const times = await migrationTimes(testApp.store);
    expect(times.every((time) => time >= asked)).toBe(true);
    const posts = (await testApp.app.inject('/api/blogs?limit=100')).json() as { slug: string }[];
    expect(posts.map((post) => post.slug).sort()).toEqual(examplePosts.map((post) => post.slug).sort());
  });
});

describe.runIf(testDatabaseUrl)('createTestDatabase, for the tests of migrations and copies', () => {
  it('still gives an empty database, never a copy of the template', async () => {
    database = await createTestDatabase();
    const db = openDatabase({ dataDir: '', databaseUrl: database.databaseUrl });
    try {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
