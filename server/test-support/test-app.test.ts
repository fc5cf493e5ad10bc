import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { examplePosts } from '../blog/index.ts';
import { migrations } from '../store/migrations/index.ts';
import { openDatabase, type StoreLocation } from '../store/database.ts';
import { createTestApp, type TestApp } from './test-app.ts';
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
