import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteForTests } from '../test-support/site-build.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { routesOf } from './route-catalog.ts';
import { readServerRoutes, routePatterns, serverPathMatcher, serverRoutesFile } from './server-paths.ts';

let testApp: TestApp;

beforeAll(async () => {
  // Every route the server can have: with a build of the site (its pages, feeds, admin) and the metrics.
  const { clientDir } = await buildSiteForTests();
  testApp = await createTestApp({ clientDir, metricsToken: 'a-token-for-the-test' });
}, 240_000);
afterAll(() => testApp?.close());

describe('the server’s own addresses', () => {
  it('are written in server-routes.json as the app’s route table has them (-u writes it again)', async () => {
    const patterns = routePatterns(routesOf(testApp.app).map((route) => route.url));
    expect(patterns).toContain('/newsletter/unsubscribe');
    await expect(`${JSON.stringify(patterns, null, 2)}\n`).toMatchFileSnapshot(serverRoutesFile);
  });

  it('match the probe’s paths, static and parametric, and leave the content pages’ addresses free', () => {
    const isServerPath = serverPathMatcher(readServerRoutes());
    for (const path of [
      '/newsletter/unsubscribe',
      '/newsletter/confirm',
      '/newsletter/resubscribe',
      '/blog/tag/seo',
      '/blog/category/guides',
      '/blog/author/priya-menon',
      '/blogs/a-post',
      '/admin',
      '/admin/content',
      '/healthz',
      '/media/a-file.webp',
      '/api/anything/at/all',
      '/sitemap.xml',
    ]) {
      expect({ path, reserved: isServerPath(path) }).toEqual({ path, reserved: true });
    }
    for (const path of ['/about', '/blog-detail', '/newsletter', '/seo', '/old-page']) {
      expect({ path, reserved: isServerPath(path) }).toEqual({ path, reserved: false });
    }
  });
});
