import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClientFixture,
  fixtureAsset,
  fixtureContentDates,
  fixturePages,
} from '../test-support/client-fixture.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir });
  app = testApp.app;
  cookie = await signIn(app);
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built site', () => {
  it('serves a prerendered page as HTML that browsers revalidate, with the public origin filled in', async () => {
    const response = await app.inject({ url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(fixturePages.about.replace('https://site-origin.invalid', 'http://127.0.0.1:3000'));
  });

  it('renders the home page per request with the latest posts, never the built index.html', async () => {
    await createPost(app, cookie, { title: 'Latest on the home page', status: 'published' });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Latest on the home page');
    expect(response.body).not.toContain('<h1>Home</h1>');
  });

  it('renders the home page again when a scheduled post comes out, without any write', async () => {
    // Sooner than the rendered pages' few seconds of life: only the publication time can make the page stale.
    const comesOutAt = testApp.clock.time + 2_000;
    await createPost(app, cookie, {
      title: 'Scheduled for the home page',
      status: 'published',
      publishedAt: new Date(comesOutAt).toISOString(),
    });
    expect((await app.inject({ url: '/' })).body).not.toContain('Scheduled for the home page');
    testApp.clock.advance(2_001);
    expect((await app.inject({ url: '/' })).body).toContain('Scheduled for the home page');
  });

  it('takes the origin from SITE_URL when it is set', async () => {
    const withSiteUrl = await createTestApp({ clientDir, siteUrl: 'https://www.northbeam.example' });
    try {
      const response = await withSiteUrl.app.inject({ url: '/about' });
      expect(response.body).toContain('<link rel="canonical" href="https://www.northbeam.example/about">');
    } finally {
      await withSiteUrl.close();
    }
  });

  it('serves hashed assets with immutable caching, compressed with Brotli or gzip as the browser accepts', async () => {
    const plain = await app.inject({ url: fixtureAsset.path });
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(fixtureAsset.body);

    const brotli = await app.inject({ url: fixtureAsset.path, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(fixtureAsset.body);
    expect(brotli.rawPayload.length).toBeLessThan(fixtureAsset.body.length / 10);

    const gzip = await app.inject({ url: fixtureAsset.path, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(fixtureAsset.body);

    const html = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('gives other files a short cache', async () => {
    const response = await app.inject({ url: '/images/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves the page files themselves, which hold the origin placeholder', async () => {
    for (const url of ['/index.html', '/about/index.html', '/about/']) {
      const response = await app.inject({ url });
      expect(response.body).not.toContain('site-origin.invalid');
    }
  });

  it.each(['/admin', '/admin/blog/edit/42'])(
    'answers the admin address %s with the app shell, not indexed',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toBe(fixturePages.shell);
    },
  );

  it('renders the blog listing per request from the posts in the store', async () => {
    await createPost(app, cookie, { title: 'Rendered on the server', status: 'published' });
    const response = await app.inject({ url: '/blog' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1>Blog: [^<]*Rendered on the server/);
  });

  it('renders a post page, 404 for an unknown slug, and a fresh page after the post changes', async () => {
    const post = await createPost(app, cookie, { title: 'First title', slug: 'changing-post', status: 'published' });
    expect((await app.inject({ url: '/blogs/changing-post' })).body).toContain('<h1>First title</h1>');

    const payload = { title: 'Second title', slug: post.slug, content: post.content, status: 'published' };
    const update = await app.inject(asAdmin(cookie, { method: 'PUT', url: `/api/blogs/${post._id}`, payload }));
    expect(update.statusCode).toBe(200);
    expect((await app.inject({ url: '/blogs/changing-post' })).body).toContain('<h1>Second title</h1>');

    const missing = await app.inject({ url: '/blogs/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Blog Not Found</h1>');
  });

  it.each(['/no-such-page', '/blogs/a/b', '/assets/missing.js'])(
    'answers an unknown address %s with the rendered not-found page and 404',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Page not found');
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('never serves dot files such as the build manifest', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/../package.json' })).body).not.toContain('northbeam-agency-site');
  });

  it.each([undefined, 'gzip', 'br', 'identity'])(
    'moves addresses with a trailing slash to the canonical one, whatever the encoding (%s)',
    async (encoding) => {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      for (const [url, location] of [
        ['/about/', '/about'],
        ['/about//', '/about'],
        ['/blog/', '/blog'],
        ['/blogs/some-post/', '/blogs/some-post'],
        ['/no-such-page/?ref=mail', '/no-such-page?ref=mail'],
      ] as const) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, url).toBe(301);
        expect(response.headers.location, url).toBe(location);
      }
      expect((await app.inject({ method: 'HEAD', url: '/about/', headers })).statusCode).toBe(301);
    },
  );

  it('never redirects to another host from a path with empty segments', async () => {
    for (const url of ['//evil.example/', '//evil.example//', '/about//x/']) {
      const response = await app.inject({ url });
      const location = response.headers.location;
      if (location !== undefined) expect(String(location), url).toMatch(/^\/[^/\\]/);
    }
  });

  it.each([undefined, 'gzip, br'])('answers build bookkeeping files with 404 (encoding %s)', async (encoding) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    for (const url of [
      '/routes.json',
      '/index.html',
      '/index.html.br',
      '/index.html.gz',
      '/about/index.html.br',
      `${fixtureAsset.path}.br`,
      `${fixtureAsset.path}.gz`,
      '/.vite/manifest.json',
    ]) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      if (!encoding) expect(response.body, url).toContain('Page not found');
    }
  });

  it('lists disallowed paths in robots.txt without a blanket Allow that first-match parsers obey', async () => {
    const robots = (await app.inject({ url: '/robots.txt' })).body;
    expect(robots).toContain('Disallow: /admin\n');
    expect(robots).toContain('Disallow: /api/\n');
    expect(robots).not.toMatch(/^Allow:/m);
    expect(robots).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
  });

  it("gives each content page its document's last change as lastmod, and the build time without one", async () => {
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    const lastmod = (route: string) =>
      new RegExp(`<loc>http://127.0.0.1:3000${route}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    expect(lastmod('/')).toBe(fixtureContentDates['/']);
    expect(lastmod('/about')).toBe(fixtureContentDates['/about']);
    expect(Date.parse(lastmod('/blog')!)).toBeGreaterThan(Date.parse(fixtureContentDates['/about']));
  });

  it('redirects /blog-detail to /blog permanently', async () => {
    const response = await app.inject({ url: '/blog-detail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/blog');
  });

  it('answers unknown API addresses with the JSON error, not the app shell', async () => {
    for (const url of ['/api', '/api/', '/api/nothing/here', '/api/blogs/a/b/c']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', details: [] });
    }
  });

  it('wrote compressed copies of text files only, and removes copies whose original is gone', async () => {
    expect(existsSync(join(clientDir, `${fixtureAsset.path}.br`))).toBe(true);
    expect(existsSync(join(clientDir, 'images/logo.svg.br'))).toBe(false);

    writeFileSync(join(clientDir, 'assets/removed-Zz99.js.br'), 'stale');
    const another = await createTestApp({ clientDir });
    try {
      expect(existsSync(join(clientDir, 'assets/removed-Zz99.js.br'))).toBe(false);
      const stale = await another.app.inject({ url: '/assets/removed-Zz99.js', headers: { 'accept-encoding': 'br' } });
      expect(stale.statusCode).toBe(404);
    } finally {
      await another.close();
    }
  });
});

describe('without a build of the site', () => {
  it('still serves the API and answers pages with a JSON 404', async () => {
    const apiOnly = await createTestApp();
    try {
      expect((await apiOnly.app.inject({ url: '/api/blogs' })).statusCode).toBe(200);
      const page = await apiOnly.app.inject({ url: '/' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ statusCode: 404 });
      expect((await apiOnly.app.inject({ url: '/blog' })).statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});
