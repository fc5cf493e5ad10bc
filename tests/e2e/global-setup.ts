/**
 * Starts the production server once for all browser tests: the built site (npm run build must have
 * run), a fresh database in a temporary DATA_DIR and a known admin, on a free port of 127.0.0.1; and one
 * Chromium, which every test file's launchBrowser() connects to instead of starting its own.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createContentRepository } from '../../server/test-support/content-repository.ts';
import { startServerFromSource, stopServerProcess } from '../../server/test-support/server-process.ts';
import { chromiumPath, launchBrowserServer } from './browser.ts';

export const admin = { email: 'e2e-admin@northbeam.example', password: 'e2e-correct-horse-battery' };

export default async function setup(project: TestProject) {
  if (!existsSync('dist/client/index.html')) throw new Error('No build: run `npm run build` before the browser tests.');
  const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-'));
  // The content studio commits its saves: into a clone of the project's repository, never into the project's own
  // (a clone, so that a build the studio publishes dates the pages in the sitemap as the project's build does).
  const content = createContentRepository({ history: true });
  const server = await startServerFromSource(
    (baseURL) => ({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SITE_URL: baseURL,
      CONTENT_DIR: content.dir,
    }),
    { timeoutMs: 60_000 },
  );
  // Without Chromium, each test file's launchBrowser() says what to do.
  const browser = chromiumPath ? await launchBrowserServer() : undefined;
  project.provide('baseURL', server.base);
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  project.provide('admin', admin);
  // For tests that run the admin CLI on the server's database (adding an admin of their own).
  project.provide('dataDir', dataDir);

  return async () => {
    await Promise.all([stopServerProcess(server), browser?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    content.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { email: string; password: string };
    dataDir: string;
    /** The run's one Chromium, which launchBrowser() connects to; empty without Chromium. */
    browserEndpoint: string;
  }
}
