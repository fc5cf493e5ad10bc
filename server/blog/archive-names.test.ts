import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let site: SiteBuild;
let testApp: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  site = await buildSiteForTests();
  testApp = await createTestApp({ clientDir: site.clientDir });
  app = testApp.app;
  await createPost(app, await signIn(app), {
    status: 'published',
    tags: ['Local SEO', 'ü'.repeat(60)],
    categories: ['Growth Marketing'],
  });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  site?.remove();
});

describe('archive addresses', () => {
  it.each([
    '/blog/tag/local-seo',
    `/blog/tag/${encodeURIComponent('u'.repeat(60))}`,
    '/blog/category/growth-marketing',
  ])('render %s, a name a tag or category can have', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 id="archive-heading">');
  });

  it.each([
    ['a tag longer than a tag may be', `/blog/tag/${'a'.repeat(61)}`],
    ['a category longer than a category may be', `/blog/category/${'a'.repeat(61)}`],
    ['a name longer than a route parameter', `/blog/category/${'a'.repeat(2000)}`],
    ['characters no URL name has', '/blog/tag/Local%20SEO'],
    ['upper case', '/blog/tag/LOCAL-SEO'],
    ['replacement patterns', `/blog/tag/x${'%24%60'.repeat(64)}`],
    ['a control character', '/blog/tag/local%0Bseo'],
    ['a second level', '/blog/tag/local-seo/more'],
  ])('answer a name with %s with the not-found page, rendered once for every such name', async (_case, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<meta name="robots" content="noindex"\/?>/);
    const taxonomy = url.startsWith('/blog/tag/') ? 'tag' : 'category';
    const another = await app.inject({ url: `/blog/${taxonomy}/Another%20Name` });
    expect(response.body).toBe(another.body);
  });
});
