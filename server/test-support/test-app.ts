import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { StoreLocation } from '../store/database.ts';
import { checkAnswersAgainstContract } from './api-contract.ts';
import { createTestDatabase } from './test-database.ts';

export const testAdmin = { email: 'editor@northbeam.example', password: 'correct horse battery staple' };

/** The Origin of app.inject's default Host (localhost:80): what the site's own pages send. */
export const sameOrigin = { origin: 'http://localhost' };

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = Date.parse('2025-12-01T12:00:00.000Z')) {}
  readonly now = (): Date => new Date(this.time);
  advance(milliseconds: number): void {
    this.time += milliseconds;
  }
}

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

export function temporaryDirectory(prefix = 'northbeam-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A real app on a temporary SQLite file (or PostgreSQL database, see test-database.ts), with a known admin and a
 * clock under the test's control. `databaseUrl: undefined` among the overrides asks for SQLite whatever the setting.
 */
export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = temporaryDirectory();
  const database = 'databaseUrl' in overrides ? { drop: async () => {} } : await createTestDatabase();
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
    const built = await buildApp({ ...options, ...more });
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

/** The Cookie header of a new admin session. */
export async function signIn(app: FastifyInstance, credentials = testAdmin): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: sameOrigin,
    payload: credentials,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** An admin's same-origin request. */
export function asAdmin(cookie: string, request: InjectOptions): InjectOptions {
  return { ...request, headers: { ...sameOrigin, cookie, ...request.headers } };
}
