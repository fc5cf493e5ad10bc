import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { brochurePlugin } from './scripts/brochure.ts';
import { contentCheck } from './scripts/vite-content-check.ts';
import { contentRoot } from './scripts/lib/content.ts';
import { moduleMockingTests } from './scripts/lib/test-projects.ts';
import { contentFromCheckout, contentRoutes } from './scripts/vite-content-routes.ts';
import { defineConfig } from 'vitest/config';

/**
 * Vite's helper for a dynamic import first appends a modulepreload link for each script the chunk imports. On a
 * server-rendered page that work came as the app started, in the task that resolves the page's route: 60-80 ms of
 * appendChild at 4x CPU on home and /blog, for files the browser finds in the chunk's imports anyway. Only the
 * stylesheets stay, which the helper adds when a client-side navigation shows a route not yet styled.
 */
function stylesOnly(_file: string, deps: string[]): string[] {
  return deps.filter((dep) => dep.endsWith('.css'));
}

/**
 * Every CSS module outside the admin goes in one chunk, so the site's styles are one stylesheet of about 6 KB: a
 * server-rendered page links it and the first script's, two files, where each chunk's styles of its own made nine on
 * a service page. Over HTTP/1.1 Chrome opens six connections to a host, so the seventh stylesheet waited for a free
 * one, a round trip more before first paint (Lighthouse's mobile FCP: 1,065 ms against 926 ms). One file also fixes
 * the cascade's order: a component's rules come before those of the modules that import it, whichever chunk asks
 * first. The admin's modules keep their chunks, so public pages never download them.
 */
/** How many browser test files run at once (one by default: see the e2e project). */
const browserWorkers = Number(process.env.BROWSER_WORKERS ?? 1);

const siteStyles = /\/src\/(?!admin\/).*\.module\.css$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    contentCheck({ root: contentRoot, publicDir: fileURLToPath(new URL('./public', import.meta.url)) }),
    contentFromCheckout(),
    react(),
    contentRoutes(),
    brochurePlugin(),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        manifest: true,
        sourcemap: false,
        modulePreload: { polyfill: false, resolveDependencies: stylesOnly },
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'site-styles', test: siteStyles }] } } },
      },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: moduleMockingTests,
          setupFiles: ['src/test-setup.ts'],
          // A worker keeps jsdom and the modules it imported for its next file: importing jsdom again for each file
          // was 2 s of CPU a file, most of this project's time (decision 0022). Testing Library's cleanup empties the
          // document after each test.
          isolate: false,
          // Typing into jsdom forms, and a lazy admin chunk transformed on its first visit, take seconds when the two cores
          // are busy with the other runners.
          testTimeout: 45000,
        },
      },
      {
        extends: true,
        test: {
          // The files that replace a module with vi.mock: each gets modules of its own, as a mock would otherwise
          // reach the files that run after it in the same worker.
          name: 'web-mocks',
          environment: 'jsdom',
          include: moduleMockingTests,
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 45000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrated template databases, and the folder for the one site build of the run.
          globalSetup: ['server/test-support/global-setup.ts'],
          // A worker keeps the modules it imported for its next file: each file importing the whole server afresh
          // (Vite's transforms, then Fastify, Kysely, sharp, React's render) was most of this project's time. The
          // files share no state through modules: each test makes its own app, database and clock.
          isolate: false,
          // Some tests start the server or the admin CLI as processes (tsx compiles them as they start), and setting up
          // an app hashes passwords with scrypt: both take many seconds when the two cores are shared by every runner.
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each worker starts a server of its own on an empty data folder, which it migrates and seeds
          // (tests/e2e/file-server.ts), and keeps it, with its process, for its next files: nothing else is shared
          // through modules.
          setupFiles: ['tests/e2e/file-server.ts'],
          isolate: false,
          // One file at a time unless `BROWSER_WORKERS` says more. `npm test` runs two, each against its own server,
          // beside the SQLite pass: in the headless shell at half the CPU (decision 0026) that ends sooner than one at
          // a time, where in the whole browser two at a time hit time limits (decision 0022).
          fileParallelism: browserWorkers > 1,
          maxWorkers: browserWorkers,
          // After the other projects when every project runs in one command, as their number of workers differs.
          sequence: { groupOrder: 1 },
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
}));
