/**
 * Before each browser test file (the e2e project's setupFiles), in its worker: the worker's own server, started by
 * its first file on an empty data folder (the server migrates and seeds it, and creates the known admin, as it
 * starts) and a clone of the run's content repository (global-setup.ts), and kept for the worker's next files (the
 * project does not isolate its files: the worker process stays). Two workers run side by side, each against its own server, so two files running at once never
 * share a database or a content checkout; files one after another on a worker share them, as every file shared the
 * one server before (their names are their own: uniqueSlug). A server per file was measured at about 15 s of CPU
 * to start here (decision 0022). The run's teardown stops the workers' servers and removes their folders.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { runGit } from '../../server/test-support/content-repository.ts';
import { startServerFromSource, type ServerProcess } from '../../server/test-support/server-process.ts';
import { setFileServer, testServerEnvironment, type FileServer } from './test-server.ts';

const kept = globalThis as { northbeamWorkerServer?: Promise<FileServer> };

async function startWorkerServer(): Promise<FileServer> {
  const template = inject('serverTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-data-'));
  // A clone shares the template's objects (hard links) and keeps its history: the sitemap's dates stay the project's.
  const contentDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-content-'));
  runGit(contentDir, 'clone', '--quiet', template.contentDir, '.');
  runGit(contentDir, 'config', 'user.name', 'A developer');
  runGit(contentDir, 'config', 'user.email', 'developer@northbeam.example');
  let server: ServerProcess;
  try {
    server = await startServerFromSource(testServerEnvironment({ dataDir, contentDir }), { timeoutMs: 300_000 });
  } catch (error) {
    for (const folder of [dataDir, contentDir]) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  // For the run's teardown, which outlives this worker.
  writeFileSync(
    join(template.workersDir, `${process.pid}.json`),
    JSON.stringify({ pid: server.child.pid, folders: [dataDir, contentDir] }),
  );
  return { base: server.base, dataDir };
}

kept.northbeamWorkerServer ??= startWorkerServer();
// A failed start fails this file, and the next file of the worker tries again.
setFileServer(
  await kept.northbeamWorkerServer.catch((error: unknown) => {
    kept.northbeamWorkerServer = undefined;
    throw error;
  }),
);
