import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files.ts';
import { readModules } from './import-cycles.ts';
import { repoRoot } from './content.ts';

const modules = new Map([
  ['server/test-support/test-database.ts', "import pg from 'pg';"],
  ['server/test-support/test-app.ts', "import { createTestDatabase } from './test-database.ts';"],
  ['server/test-support/helpers.ts', "import { asAdmin } from './test-app.ts';"],
  ['server/blog/posts.test.ts', "import { post } from '../test-support/helpers.ts';"],
  ['server/http/cache.test.ts', "import { cache } from './cache.ts';"],
  ['server/http/cache.ts', "import { a } from './cycle.ts';"],
  ['server/http/cycle.ts', "import { b } from './cache.ts';"],
  ['server/store/pool.test.ts', 'const url = process.env.TEST_DATABASE_URL;'],
  ['server/store/backup.sqlite.test.ts', "import { createTestApp } from '../test-support/test-app.ts';"],
  ['scripts/content.test.ts', "import { createTestApp } from '../server/test-support/test-app.ts';"],
]);

describe("the PostgreSQL pass's test files", () => {
  it('are the server tests whose imports reach test-database.ts, through any chain, or that read its setting', () => {
    expect(databaseTestFiles(modules)).toEqual({
      postgres: ['server/blog/posts.test.ts', 'server/store/pool.test.ts'],
      databaseFree: ['server/http/cache.test.ts'],
    });
  });

  it("leave out SQLite's own tests and the scripts' tests, which the pass never ran", () => {
    const { postgres, databaseFree } = databaseTestFiles(modules);
    expect([...postgres, ...databaseFree].filter((path) => /sqlite|^scripts/.test(path))).toEqual([]);
  });

  it("sort this repository's server tests into the two kinds", () => {
    const { postgres, databaseFree } = databaseTestFiles(readModules(repoRoot));
    expect(postgres).toContain('server/leads/lead-store.test.ts');
    expect(postgres).toContain('server/test-support/test-app.test.ts');
    expect(databaseFree).toContain('server/auth/totp.test.ts');
    expect(postgres.length).toBeGreaterThan(databaseFree.length);
  });

  it('leave out the files that only start servers of their own on SQLite, with helpers that reach no database', () => {
    const { postgres, databaseFree } = databaseTestFiles(readModules(repoRoot));
    for (const file of [
      'server/dev-site/dev-site.test.ts',
      'server/main.test.ts',
      'server/auth/first-admin.test.ts',
      'server/test-support/site-build.test.ts',
    ]) {
      expect(postgres).not.toContain(file);
      expect(databaseFree).toContain(file);
    }
  });
});
