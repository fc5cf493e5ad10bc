import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, fixtureAsset, fixturePages } from '../test-support/client-fixture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built site', () => {
  it('serves the home page as HTML that browsers revalidate', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(fixturePages.spa);
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

  it('serves a prerendered page before the app shell', async () => {
    for (const url of ['/about', '/about/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(fixturePages.about);
    }
  });

  it.each(['/contact', '/contact/', '/blogs/any-post', '/admin', '/admin/blog/edit/42', '/contact?ref=mail'])(
    'answers the app route %s with the app shell and 200',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(fixturePages.spa);
    },
  );

  it.each(['/no-such-page', '/blogs', '/blogs/a/b', '/assets/missing.js'])(
    'answers an unknown address %s with the app shell and 404, so the app shows its not-found page',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(fixturePages.spa);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('never serves dot files such as the build manifest', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/../package.json' })).body).not.toContain('northbeam-agency-site');
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
    } finally {
      await apiOnly.close();
    }
  });
});
