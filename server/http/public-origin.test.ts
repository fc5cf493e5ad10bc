import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createPost } from '../test-support/posts.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let clientDir: string;
let testApp: TestApp;

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir, host: '127.0.0.1', port: 8080 });
  await createPost(testApp.app, await signIn(testApp.app), { slug: 'a-published-post', status: 'published' });
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const addresses = ['/sitemap.xml', '/rss.xml', '/robots.txt', '/', '/about'];

/** Sends a request as written, over a socket: what an HTTP/1.0 client without a Host header sends. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the public origin of absolute URLs', () => {
  it('is SITE_URL, or http://HOST:PORT when it is unset', () => {
    expect(publicOrigin({ siteUrl: 'https://www.northbeam.example/blog' })).toBe('https://www.northbeam.example');
    expect(publicOrigin({ host: '0.0.0.0', port: 8080 })).toBe('http://0.0.0.0:8080');
    expect(publicOrigin({ host: '::1', port: 80 })).toBe('http://[::1]');
    expect(publicOrigin({})).toBe('http://127.0.0.1:3000');
  });

  it.each(addresses)('ignores the Host header in %s', async (url) => {
    const response = await testApp.app.inject({ url, headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    expect(response.body).toContain('http://127.0.0.1:8080/');
  });

  it('ignores X-Forwarded-Host behind a trusted proxy', async () => {
    const app = await testApp.addInstance({ trustProxy: true });
    const response = await app.inject({
      url: '/sitemap.xml',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.body).not.toContain('evil.example');
    expect(response.body).toContain('<loc>http://127.0.0.1:8080/blogs/a-published-post</loc>');
  });

  it('gives full links to an HTTP/1.0 request without a Host header', async () => {
    const app = await testApp.addInstance();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const answer = await rawRequest(port, 'GET /sitemap.xml HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('<loc>http://127.0.0.1:8080/blogs/a-published-post</loc>');
    expect(answer).not.toContain('http:///');
  });
});
