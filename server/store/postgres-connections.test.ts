import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseUrl } from '../test-support/test-database.ts';

let testApp: TestApp;

// Needs a PostgreSQL server: scripts/test.sh runs this suite a second time beside a private cluster.
describe.runIf(testDatabaseUrl)('the PostgreSQL store', () => {
  afterEach(() => testApp.close());

  it('keeps serving after the database server ends its connections, as a restart or failover does', async () => {
    testApp = await createTestApp();
    expect((await testApp.app.inject({ url: '/api/blogs' })).statusCode).toBe(200);

    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [new URL(testApp.store.databaseUrl!).pathname.slice(1)],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The ended connections' errors reach the pool; an unheard one would end this process.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/blogs?limit=1' })).statusCode).toBe(200);
  });
});
