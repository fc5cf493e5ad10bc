import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'vite';
import { pageFolders } from '../content-studio/index.ts';
import { repositoryRoot } from '../repository-root.ts';

export interface SiteBuild {
  /** Where the server finds routes.json and the build manifest; the render bundle is in ../server. */
  clientDir: string;
  remove(): void;
}

const defaultRoutes = ['/', '/blog'];

/** Builds the render bundle and its client folder into `root`. */
async function buildInto(root: string, routes: readonly string[]): Promise<string> {
  const clientDir = join(root, 'client');
  const serverDir = join(root, 'server');
  await build({
    configFile: join(repositoryRoot, 'vite.config.ts'),
    root: repositoryRoot,
    logLevel: 'warn',
    build: { ssr: join(repositoryRoot, 'src', 'entry-server.tsx'), outDir: serverDir, emptyOutDir: false },
  });
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(clientDir, 'routes.json'), JSON.stringify(routes));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  copyFileSync(join(repositoryRoot, 'index.html'), join(serverDir, 'template.html'));
  // The page documents the render bundle reads at run time (src/content/page-documents.ts), as the build writes them.
  for (const folder of pageFolders) {
    cpSync(join(repositoryRoot, 'content', folder), join(serverDir, 'content', folder), { recursive: true });
  }
  return clientDir;
}

/** How long a test file waits for another to finish the shared build before giving up. */
const sharedBuildWaitMs = 170_000;

/**
 * The run's one build with the default routes, in the folder the Vitest run shares between its test files
 * (global-setup.ts): the first file to ask builds it, under a lock that is the folder's creation; the others wait for
 * its `ready` (or `failed`) mark. Never removed by a test: the run removes it.
 */
export async function sharedSiteBuild(sharedFolder: string): Promise<SiteBuild> {
  const root = join(sharedFolder, 'site');
  const ready = join(sharedFolder, 'site.ready');
  const failed = join(sharedFolder, 'site.failed');
  const shared = { clientDir: join(root, 'client'), remove: () => {} };
  try {
    mkdirSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (const deadline = Date.now() + sharedBuildWaitMs; Date.now() < deadline; await sleep(100)) {
      if (existsSync(ready)) return shared;
      if (existsSync(failed)) throw new Error(`The shared site build failed:\n${readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`The shared site build in ${root} was not ready within ${sharedBuildWaitMs / 1000} s.`);
  }
  try {
    await buildInto(root, defaultRoutes);
  } catch (error) {
    writeFileSync(failed, (error as Error).stack ?? String(error));
    throw error;
  }
  writeFileSync(ready, '');
  return shared;
}

/** The folder shared by this Vitest run's test files, when the run made one (server/test-support/global-setup.ts). */
async function sharedFolder(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const folder = inject('sharedFolder');
  return folder && existsSync(folder) ? folder : undefined;
}

/**
 * The site's real server render bundle (src/entry-server.tsx built as `npm run build` does), beside a client folder
 * with no prerendered page: every page asked for is rendered per request from the database. With the default routes
 * inside a Vitest run, every test file gets the run's one build (see `sharedSiteBuild`); otherwise it is built here, inside
 * the repository (under node_modules/.cache) so that its imports of packages resolve.
 */
export async function buildSiteForTests(routes: readonly string[] = defaultRoutes): Promise<SiteBuild> {
  const folder = JSON.stringify(routes) === JSON.stringify(defaultRoutes) ? await sharedFolder() : undefined;
  if (folder !== undefined) return sharedSiteBuild(folder);
  const cache = join(repositoryRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'northbeam-site-'));
  try {
    const clientDir = await buildInto(root, routes);
    return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
