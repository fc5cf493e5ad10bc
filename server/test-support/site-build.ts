import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { pageFolders } from '../content-studio/index.ts';
import { repositoryRoot } from '../repository-root.ts';
import { sharedFolder, sharedOnce } from './shared-folder.ts';

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

/**
 * The run's one build with the default routes, in the folder the Vitest run shares between its test files
 * (global-setup.ts), built by the first file that asks (shared-folder.ts).
 */
export async function sharedSiteBuild(sharedFolder: string): Promise<SiteBuild> {
  const root = await sharedOnce(sharedFolder, 'site', async (root) => {
    await buildInto(root, defaultRoutes);
  });
  return { clientDir: join(root, 'client'), remove: () => {} };
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
