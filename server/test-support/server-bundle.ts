import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { repositoryRoot } from '../repository-root.ts';
import { sharedFolder, sharedOnce } from './shared-folder.ts';

export interface ServerBundle {
  /** The file to run with node: server/main.ts compiled, with its packages inside but those `external` names. */
  entry: string;
  remove(): void;
}

/**
 * The packages the bundle leaves in node_modules; every other one is compiled into it, since Node's resolving,
 * reading and compiling of node_modules file by file was about 40 % of a start's CPU (decision 0022).
 */
export const external = [
  // Native code: `.node` files loaded from the package's own folder.
  'better-sqlite3',
  'sharp',
  // Loaded at run time by name or path (createRequire, a worker script, its own plugin files), or read files beside
  // their own code (@fastify/swagger reads its package.json through __dirname, which a bundle does not have).
  'pg',
  'pino',
  'pino-pretty',
  'prettier',
  'tsx',
  'vite',
  '@fastify/swagger',
  // One React a process: the site's render bundle (dist/server) imports these from node_modules.
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@react-email/components',
  '@react-email/render',
];

async function bundleInto(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: repositoryRoot,
    logLevel: 'warn',
    ssr: { noExternal: true, external },
    build: {
      ssr: join(repositoryRoot, 'server', 'main.ts'),
      outDir,
      emptyOutDir: false,
      minify: false,
      copyPublicDir: false,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'main.mjs' } },
    },
  });
}

/**
 * The production server in one JavaScript file (and the chunks it loads when needed), for tests that start it many
 * times: compiling the TypeScript through tsx at each start cost more CPU than starting the server itself. It lives
 * inside the repository (under node_modules/.cache) so that its imports of packages resolve. Inside a Vitest run,
 * the test files that ask share the run's one bundle (shared-folder.ts; `remove` then leaves it to the run);
 * otherwise it is built in a folder of its own, so that runs never share one.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const shared = await sharedFolder();
  if (shared !== undefined) {
    const outDir = await sharedOnce(shared, 'server-bundle', bundleInto);
    return { entry: join(outDir, 'main.mjs'), remove: () => {} };
  }
  const cache = join(repositoryRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'northbeam-server-'));
  try {
    await bundleInto(outDir);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  return { entry: join(outDir, 'main.mjs'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
