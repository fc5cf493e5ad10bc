import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, fixtureAsset } from '../test-support/client-fixture.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';
import { contentSecurityPolicy, permissionsPolicy } from './security-headers.ts';

let clientDir: string;
let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir, trustProxy: true });
  cookie = await signIn(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const expected = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
};

describe('security headers', () => {
  it('forbid inline scripts, plugins, base tags and framing', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self';");
    expect(contentSecurityPolicy).not.toContain('unsafe-inline');
    expect(contentSecurityPolicy).toContain("object-src 'none'");
    expect(contentSecurityPolicy).toContain("base-uri 'none'");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  const requests: [string, () => InjectOptions, number][] = [
    ['an HTML page', () => ({ url: '/' }), 200],
    ['a static file', () => ({ url: fixtureAsset.path }), 200],
    ['a not-found page', () => ({ url: '/missing' }), 404],
    ['a redirect', () => ({ url: '/blog-detail' }), 301],
    ['an API read', () => ({ url: '/api/blogs' }), 200],
    ['an API 404', () => ({ url: '/api/blogs/missing' }), 404],
    ['a validation error', () => asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: {} }), 400],
    [
      'a body too large',
      () =>
        asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: postInput({ content: 'x'.repeat(2 ** 21) }) }),
      413,
    ],
    ['a 401', () => ({ method: 'DELETE', url: '/api/blogs/x', headers: sameOrigin }), 401],
    ['a 403', () => ({ method: 'DELETE', url: '/api/blogs/x', headers: { origin: 'https://evil.example' } }), 403],
    ['a malformed URL', () => ({ url: '/api/blogs/%E0%A4%A' }), 400],
  ];

  it.each(requests)('are on %s', async (_name, request, status) => {
    const response = await testApp.app.inject(request());
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(expected);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('turn off camera, microphone, geolocation and the like', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissionsPolicy).toContain(`${feature}=()`);
    }
  });

  it.each([
    [
      'a sign-in',
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { email: 'a@b.c', password: 'wrong password' },
      }),
      401,
    ],
    ['a 401 of /me', () => ({ url: '/api/auth/me' }), 401],
    ['a 403', () => ({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } }), 403],
    ['a signed-in read', () => ({ url: '/api/auth/sessions', headers: { cookie } }), 200],
    ['a 400', () => ({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: {} }), 400],
  ] as [string, () => InjectOptions, number][])(
    'send Cache-Control: no-store on every /api/auth answer: %s',
    async (_name, request, status) => {
      const response = await testApp.app.inject(request());
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
    },
  );

  it('include HSTS over HTTPS only', async () => {
    const overHttps = await testApp.app.inject({ url: '/api/blogs', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overHttps.headers).toMatchObject(expected);
  });

  it('come with error bodies that never show a stack trace', async () => {
    const response = await testApp.app.inject({ url: '/api/blogs/%E0%A4%A' });
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
      details: [],
    });
  });
});
