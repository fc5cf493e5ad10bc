import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
