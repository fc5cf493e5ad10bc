import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { repositoryRoot } from '../repository-root.ts';

export interface SiteBuild {
  /** Where the server finds routes.json and the build manifest; the render bundle is in ../server. */
  clientDir: string;
  remove(): void;
}

/**
 * The site's real server render bundle (src/entry-server.tsx built as `npm run build` does), beside a client folder
 * with no prerendered page: every page asked for is rendered per request from the database. It lives inside the
 * repository (under node_modules/.cache) so that its imports of packages resolve.
 */
export async function buildSiteForTests(routes: readonly string[] = ['/', '/blog']): Promise<SiteBuild> {
  const cache = join(repositoryRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'northbeam-site-'));
  const clientDir = join(root, 'client');
  const serverDir = join(root, 'server');
  try {
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
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
