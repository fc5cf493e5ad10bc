import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;
let localPost: BlogPost;

const published = { status: 'published' as const, publishedAt: '2025-06-01T00:00:00Z' };

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir });
  app = testApp.app;
  cookie = await signIn(app);
  localPost = await createPost(app, cookie, {
    ...published,
    slug: 'local-post',
    title: 'Local search',
    tags: ['Local SEO', 'Maps'],
    categories: ['Growth Marketing'],
    metaDescription: 'What the feed says about local search.',
  });
  await createPost(app, cookie, { ...published, slug: 'other-post', title: 'Other', tags: ['Brand'] });
  await createPost(app, cookie, { slug: 'draft-post', title: 'Draft', tags: ['Unpublished Tag'] });
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function rename(post: BlogPost, slug: string) {
  testApp.clock.advance(1000);
  const { title, content, status, tags, categories } = post;
  const payload = { title, content, status, tags, categories, slug };
  const response = await app.inject(asAdmin(cookie, { method: 'PUT', url: `/api/blogs/${post._id}`, payload }));
  expect(response.statusCode).toBe(200);
  return response.json<BlogPost>();
}

describe('feeds', () => {
  it('gives each item a guid that is the post id as a URN, not a link, and uses the SEO description', async () => {
    const feed = (await app.inject({ url: '/rss.xml' })).body;
    expect(feed).toContain(`<guid isPermaLink="false">urn:uuid:${localPost._id}</guid>`);
    expect(feed).toContain('<description>What the feed says about local search.</description>');
  });

  it('serves a feed per tag and per category by their URL names, 404 for a name with no published post', async () => {
    const tagFeed = await app.inject({ url: '/blog/tag/local-seo/rss.xml' });
    expect(tagFeed.statusCode).toBe(200);
    expect(tagFeed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(tagFeed.body).toContain('<title>Northbeam blog: posts tagged Local SEO</title>');
    expect(tagFeed.body).toContain('<link>http://127.0.0.1:3000/blog/tag/local-seo</link>');
    expect(tagFeed.body).toContain('<link>http://127.0.0.1:3000/blogs/local-post</link>');
    expect(tagFeed.body).not.toContain('other-post');

    const categoryFeed = await app.inject({ url: '/blog/category/growth-marketing/rss.xml' });
    expect(categoryFeed.statusCode).toBe(200);
    expect(categoryFeed.body).toContain('local-post');

    for (const url of [
      '/blog/tag/unpublished-tag/rss.xml',
      '/blog/tag/no-such-tag/rss.xml',
      '/blog/category/maps/rss.xml',
    ]) {
      const missing = await app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().message).toMatch(/No published post has the/);
    }
  });

  it.each([
    ['characters no URL name has', '/blog/tag/Not%20A%20Name/rss.xml'],
    ['replacement patterns', '/blog/tag/x%24%60%24%60/rss.xml'],
    ['a name longer than a tag may be', `/blog/tag/${'a'.repeat(61)}/rss.xml`],
    ['a category name longer than a category may be', `/blog/category/${'a'.repeat(61)}/rss.xml`],
    ['a name longer than a route parameter', `/blog/category/${'a'.repeat(500)}/rss.xml`],
  ])('answers a feed whose name has %s with 404', async (_case, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
  });

  it('lists each tag and category with a published post in the sitemap', async () => {
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    for (const path of [
      '/blog/tag/local-seo',
      '/blog/tag/maps',
      '/blog/tag/brand',
      '/blog/category/growth-marketing',
    ]) {
      expect(sitemap).toContain(`<loc>http://127.0.0.1:3000${path}</loc>`);
    }
    expect(sitemap).not.toContain('unpublished-tag');
  });

  it('keeps the guid when the slug changes', async () => {
    const moved = await rename(localPost, 'local-post-renamed');
    const feed = (await app.inject({ url: '/rss.xml' })).body;
    expect(feed).toContain(`<guid isPermaLink="false">urn:uuid:${localPost._id}</guid>`);
    expect(feed).toContain('/blogs/local-post-renamed</link>');
    localPost = moved;
  });
});

describe('post pages at old and deleted addresses', () => {
  it('answers 301 from an old slug to the post page, in one hop after several renames', async () => {
    const post = await createPost(app, cookie, { ...published, slug: 'page-one' });
    await rename(await rename(post, 'page-two'), 'page-three');
    for (const old of ['page-one', 'page-two']) {
      const response = await app.inject({ url: `/blogs/${old}` });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/blogs/page-three');
    }
    expect((await app.inject({ url: '/blogs/page-three' })).statusCode).toBe(200);
  });

  it('answers 410 with the not-found page for a deleted post', async () => {
    const post = await createPost(app, cookie, { ...published, slug: 'soon-deleted' });
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${post._id}` }));
    const response = await app.inject({ url: '/blogs/soon-deleted' });
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Blog Not Found');
  });
});
