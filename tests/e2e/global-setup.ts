/**
 * Once for all browser tests: checks that the site is built (npm run build must have run), makes the content
 * repository each worker's server starts from (file-server.ts), and starts one Chromium, which every test file's
 * launchBrowser() connects to instead of starting its own. Each worker clones the repository and starts its server
 * on an empty data folder, which the server migrates and seeds, with the known admin, as it starts; two files can
 * then run side by side without sharing a database (decision 0022).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createContentRepository } from '../../server/test-support/content-repository.ts';
import { launchBrowserServer, testBrowserInstalled } from './browser.ts';
import { admin } from './test-server.ts';

export default async function setup(project: TestProject) {
  if (!existsSync('dist/client/index.html')) throw new Error('No build: run `npm run build` before the browser tests.');
  // The content studio commits its saves: into a clone of the project's repository, never into the project's own
  // (a clone, so that a build the studio publishes dates the pages in the sitemap as the project's build does).
  const content = createContentRepository({ history: true });
  // Without Chromium, each test file's launchBrowser() says what to do.
  const browser = testBrowserInstalled ? await launchBrowserServer() : undefined;
  const workersDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-workers-'));
  project.provide('serverTemplate', { contentDir: content.dir, workersDir });
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  project.provide('admin', admin);

  return async () => {
    await Promise.all([browser?.close(), stopWorkerServers(workersDir)]);
    content.remove();
  };
}

/** Stops the servers the workers started (file-server.ts), waits for them to exit, and removes their folders. */
async function stopWorkerServers(workersDir: string): Promise<void> {
  const servers = readdirSync(workersDir).map(
    (file) => JSON.parse(readFileSync(join(workersDir, file), 'utf8')) as { pid: number; folders: string[] },
  );
  await Promise.all(
    servers.map(async ({ pid, folders }) => {
      const running = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (running()) process.kill(pid, 'SIGTERM');
      for (let waited = 0; running() && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }),
  );
  rmSync(workersDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** What each worker's server starts from: the content repository; and where it leaves its process for the end. */
    serverTemplate: { contentDir: string; workersDir: string };
    admin: { email: string; password: string };
    /** The run's one Chromium, which launchBrowser() connects to; empty without Chromium. */
    browserEndpoint: string;
  }
}
