import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, sqliteFileName, type StoreLocation } from '../store/database.ts';
import { migrateToLatest } from '../store/migrate.ts';

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

function databaseNamed(name: string): TestDatabase {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return { databaseUrl: url.href, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const newName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** An empty database of its own on TEST_DATABASE_URL's server (for tests of migrations and copies), or SQLite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseUrl === undefined) return { drop: async () => {} };
  const name = newName('northbeam_test');
  await onServer(`CREATE DATABASE ${name}`);
  return databaseNamed(name);
}

/**
 * Databases with every migration applied, made once per test run (server/test-support/global-setup.ts) and copied
 * for each test app instead of migrating afresh: a SQLite file, and on PostgreSQL a database to use as a TEMPLATE.
 */
export interface MigratedTemplates {
  sqliteFile: string;
  postgresDatabase?: string;
}

/** Applies every migration to the store at `location`, as a starting server does. */
export async function migrateStore(location: StoreLocation): Promise<void> {
  const db = openDatabase(location);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Makes the migrated templates: a SQLite file in `folder`, and a PostgreSQL template when TEST_DATABASE_URL is set. */
export async function createMigratedTemplates(
  folder: string,
): Promise<{ templates: MigratedTemplates; drop(): Promise<void> }> {
  await migrateStore({ dataDir: folder });
  const templates: MigratedTemplates = { sqliteFile: join(folder, sqliteFileName) };
  if (testDatabaseUrl === undefined) return { templates, drop: async () => {} };
  const name = newName('northbeam_template');
  await onServer(`CREATE DATABASE ${name}`);
  const template = databaseNamed(name);
  try {
    await migrateStore({ dataDir: folder, databaseUrl: template.databaseUrl });
    // A template must have no session open while it is copied: refuse any from now on.
    await onServer(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await template.drop();
    throw error;
  }
  return { templates: { ...templates, postgresDatabase: name }, drop: template.drop };
}

/**
 * A migrated store for a test app: the SQLite template copied into `dataDir` (with its WAL beside it, if any), or on
 * PostgreSQL a copy of the template database. Nothing is copied for SQLite when `databaseUrl` was asked for.
 */
export async function copyMigratedTemplate(
  templates: MigratedTemplates,
  dataDir: string,
  sqlite: boolean,
): Promise<TestDatabase> {
  if (sqlite) {
    for (const suffix of ['', '-wal']) {
      const from = `${templates.sqliteFile}${suffix}`;
      if (existsSync(from)) copyFileSync(from, join(dataDir, `${sqliteFileName}${suffix}`));
    }
    return { drop: async () => {} };
  }
  if (templates.postgresDatabase === undefined) throw new Error('No PostgreSQL template: TEST_DATABASE_URL was unset.');
  const name = newName('northbeam_test');
  // FILE_COPY copies the template's files where PostgreSQL 15's default (WAL_LOG) writes every page of it, system
  // catalogs included, through the WAL: 0.4–0.6 s a copy against 1.1–1.3 s on this machine under load.
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${templates.postgresDatabase} STRATEGY FILE_COPY`);
  return databaseNamed(name);
}

/** The templates of this test run, when the run made them (see global-setup.ts); undefined outside Vitest. */
export async function migratedTemplates(): Promise<MigratedTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const templates = inject('migratedTemplates');
  return templates && existsSync(templates.sqliteFile) ? templates : undefined;
}
