/**
 * The web tests that replace a module with `vi.mock`. The `web` project runs its files without isolation, a worker
 * keeping jsdom and its modules from one file to the next; a mock would reach the files after it, so these run in the
 * isolated `web-mocks` project (vite.config.ts). `scripts/test-projects.test.ts` keeps the list true.
 */
export const moduleMockingTests = [
  'src/admin/stats/traffic-chart.test.tsx',
  'src/admin/stats/stats-page.test.tsx',
  'src/entry-server.test.tsx',
  'src/app/root-layout.test.tsx',
  'src/blog/search/find-articles.test.ts',
];
