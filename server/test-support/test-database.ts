import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Set TEST_DATABASE_URL=postgres://user:password@host:port/postgres to run the API tests on PostgreSQL instead of
 * SQLite files: each test app then gets a database of its own, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseUrl === undefined) return { drop: async () => {} };
  const name = `northbeam_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.href, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
