import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { brochurePlugin } from './scripts/brochure.ts';
import { contentCheck } from './scripts/vite-content-check.ts';
import { contentRoutes } from './scripts/vite-content-routes.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [contentCheck(), react(), contentRoutes(), brochurePlugin()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', copyPublicDir: false }
    : { outDir: 'dist/client', manifest: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          // Typing into jsdom forms takes seconds when the two cores are busy with other runners.
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30000,
          // Setting up an app runs migrations and hashes passwords with scrypt: slow when the cores are shared.
          hookTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser at a time: two cores are shared with the server under test.
          fileParallelism: false,
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
}));
