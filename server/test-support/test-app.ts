import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { StoreLocation } from '../store/database.ts';
import { checkAnswersAgainstContract, recordRoutes } from './api-contract.ts';
import {
  copyMigratedTemplate,
  createTestDatabase,
  migratedTemplates,
  testDatabaseUrl,
  type TestDatabase,
} from './test-database.ts';
import { TestClock, temporaryDirectory, testAdmin } from './test-requests.ts';

// The helpers that reach no database, for the many test files that take them from here with createTestApp.
export { asAdmin, sameOrigin, signIn, TestClock, temporaryDirectory, testAdmin } from './test-requests.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Where the app's database is, for opening it beside the app. */
  store: StoreLocation;
  clock: TestClock;
  /** Builds a second app on the same data folder, as a restart would. */
  restart(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  /** Builds another app on the same database while the others keep running: a second server instance. */
  addInstance(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The test app's own database: a copy of the run's migrated template (see test-database.ts), or, outside a Vitest run
 * and for an app that seeds the example posts (which a database gets only when its first migration runs), an empty
 * one that the app migrates.
 */
async function newDatabase(overrides: Partial<AppOptions>, dataDir: string): Promise<TestDatabase> {
  const given = 'databaseUrl' in overrides;
  // A database the test made itself.
  if (given && overrides.databaseUrl !== undefined) return { drop: async () => {} };
  const sqlite = given || testDatabaseUrl === undefined;
  const seeds = 'seedExamples' in overrides && overrides.seedExamples !== false;
  const templates = seeds ? undefined : await migratedTemplates();
  if (templates !== undefined) return copyMigratedTemplate(templates, dataDir, sqlite);
  return sqlite ? { drop: async () => {} } : createTestDatabase();
}

/**
 * A real app on a temporary SQLite file (or PostgreSQL database, see test-database.ts), with a known admin and a
 * clock under the test's control. `databaseUrl: undefined` among the overrides asks for SQLite whatever the setting.
 */
export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = temporaryDirectory();
  const database = await newDatabase(overrides, dataDir);
  const clock = new TestClock();
  const options: AppOptions = {
    dataDir,
    databaseUrl: database.databaseUrl,
    clientDir: join(dataDir, 'no-client-build'),
    // Never the project's own checkout: a test that saves content gives a temporary repository (content-repository.ts).
    content: { dir: join(dataDir, 'no-content') },
    seedExamples: false,
    adminEmail: testAdmin.email,
    adminPassword: testAdmin.password,
    insecureFastPasswordHashingForTests: true,
    clock: clock.now,
    announce: () => {},
    ...overrides,
  };
  // Every answer a test receives is checked against the API's published contract.
  const build = async (more: Partial<AppOptions> = {}) => {
    const { hooksForTests } = { ...options, ...more };
    const built = await buildApp({
      ...options,
      ...more,
      hooksForTests: (app) => {
        recordRoutes(app);
        hooksForTests?.(app);
      },
    });
    checkAnswersAgainstContract(built);
    return built;
  };
  const app = await build();
  const apps = [app];
  return {
    app,
    dataDir,
    store: { dataDir, databaseUrl: options.databaseUrl },
    clock,
    async restart(more = {}) {
      await Promise.all(apps.map((app) => app.close()));
      const app = await build(more);
      apps.push(app);
      return app;
    },
    async addInstance(more = {}) {
      const app = await build(more);
      apps.push(app);
      return app;
    },
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
