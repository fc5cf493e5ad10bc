import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redirect } from '../../src/content/types.gen.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { readContentRedirects, redirectMovedContent } from './content-redirects.ts';
import { registerRequestFront } from './request-front.ts';

describe('redirects of content/redirects.json', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('answers /blog-detail with a permanent redirect to /blog, keeping the query and the security headers', async () => {
    expect(readContentRedirects()).toContainEqual(expect.objectContaining({ from: '/blog-detail', to: '/blog' }));
    const response = await test.app.inject({ url: '/blog-detail?tag=seo' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/blog?tag=seo');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('runs before every route, with the status the file names, and leaves other addresses alone', async () => {
    const app = Fastify();
    registerRequestFront(app, [
      redirectMovedContent([
        { from: '/old-offer', to: '/services', status: 308 },
        { from: '/old-blog', to: '/blog', status: 301 },
      ]),
    ]);
    app.post('/old-offer', async () => 'the old route');
    app.get('/services', async () => 'services');
    const moved = await app.inject({ method: 'POST', url: '/old-offer' });
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('/services');
    expect((await app.inject({ url: '/old-blog' })).headers.location).toBe('/blog');
    expect((await app.inject({ url: '/old-blog/more' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/services' })).body).toBe('services');
    await app.close();
  });

  it('follows the list in force at each request: a build swapped after a save brings its own', async () => {
    const app = Fastify();
    let inForce: Redirect[] = [{ from: '/old-offer', to: '/services', status: 301 }];
    registerRequestFront(app, [redirectMovedContent(() => inForce)]);
    app.get('/old-offer', async () => 'the old route');
    expect((await app.inject({ url: '/old-offer' })).headers.location).toBe('/services');
    inForce = [{ from: '/older-offer', to: '/services', status: 308 }];
    expect((await app.inject({ url: '/old-offer' })).body).toBe('the old route');
    const moved = await app.inject({ url: '/older-offer?utm_source=mail' });
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('/services?utm_source=mail');
    await app.close();
  });
});

describe('redirects of the served build', () => {
  it('are the content the build was made from, not the repository’s read at start', async () => {
    const clientDir = createClientFixture();
    const redirects = [{ from: '/old-about', to: '/about', status: 301 }];
    writeFileSync(join(clientDir, '..', 'server', 'redirects.json'), JSON.stringify({ redirects }));
    const test = await createTestApp({ clientDir });
    try {
      const moved = await test.app.inject({ url: '/old-about' });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe('/about');
      // The repository's redirect, which this build's content no longer holds.
      expect((await test.app.inject({ url: '/blog-detail' })).statusCode).not.toBe(301);
    } finally {
      await test.close();
      rmSync(join(clientDir, '..'), { recursive: true, force: true });
    }
  });

  it('never applies one from an address a route of the server answers, whatever the build holds', async () => {
    const clientDir = createClientFixture();
    // The probe's redirects, in a build made without content:check's refusal of them.
    const redirects = ['/newsletter/unsubscribe', '/newsletter/confirm', '/newsletter/resubscribe', '/blog/tag/seo']
      .map((from) => ({ from, to: '/about', status: 308 }))
      .concat({ from: '/old-about', to: '/about', status: 301 });
    writeFileSync(join(clientDir, '..', 'server', 'redirects.json'), JSON.stringify({ redirects }));
    const test = await createTestApp({ clientDir });
    try {
      const oneClick = await test.app.inject({
        method: 'POST',
        url: '/newsletter/unsubscribe?token=abc',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).not.toBe(308);
      expect(oneClick.headers.location).toBeUndefined();
      for (const url of ['/newsletter/confirm?token=abc', '/newsletter/resubscribe?token=abc', '/blog/tag/seo']) {
        const response = await test.app.inject({ url });
        expect({ url, location: response.headers.location }).toEqual({ url, location: undefined });
      }
      // The others still apply.
      expect((await test.app.inject({ url: '/old-about' })).headers.location).toBe('/about');
    } finally {
      await test.close();
      rmSync(join(clientDir, '..'), { recursive: true, force: true });
    }
  });
});
