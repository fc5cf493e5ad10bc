/**
 * Once per run of the server's tests (Vitest's `node` project), before any test file:
 * - migrates a SQLite file, and on PostgreSQL (TEST_DATABASE_URL) a template database, which every `createTestApp`
 *   copies instead of running every migration again (test-database.ts);
 * - makes the folder where the first test that needs the site's render bundle builds it for all (site-build.ts).
 *   TEST_SHARED_FOLDER names a folder to use instead (kept afterwards), so that `npm test`'s SQLite and PostgreSQL
 *   passes build it once between them;
 * - gives the run a temporary folder of its own (TMPDIR, which the test files' processes inherit), removed at the
 *   end with whatever a test left in it: a run started without `npm test` leaves nothing behind either.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repositoryRoot } from '../repository-root.ts';
import { createMigratedTemplates, type MigratedTemplates } from './test-database.ts';

export default async function setup(project: TestProject) {
  const runFolder = mkdtempSync(join(tmpdir(), 'northbeam-node-run-'));
  process.env.TMPDIR = runFolder;
  const templateFolder = mkdtempSync(join(tmpdir(), 'northbeam-template-'));
  const { templates, drop } = await createMigratedTemplates(templateFolder);
  project.provide('migratedTemplates', templates);

  const given = process.env.TEST_SHARED_FOLDER;
  let shared = given;
  if (shared === undefined) {
    // Inside the repository, so that the bundles built there resolve their packages.
    const cache = join(repositoryRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    shared = mkdtempSync(join(cache, 'northbeam-test-run-'));
  }
  project.provide('sharedFolder', shared);

  return async () => {
    await drop();
    rmSync(templateFolder, { recursive: true, force: true });
    if (given === undefined) rmSync(shared, { recursive: true, force: true });
    rmSync(runFolder, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
    sharedFolder: string;
  }
}
