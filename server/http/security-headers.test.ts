import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, fixtureAsset } from '../test-support/client-fixture.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';
import {
  apiContentSecurityPolicy,
  contentSecurityPolicy,
  permissionsPolicy,
  previewContentSecurityPolicy,
} from './security-headers.ts';

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

const document = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
};
const api = {
  'content-security-policy': apiContentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('security headers', () => {
  it('forbid inline scripts, plugins, base tags and framing', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self';");
    expect(contentSecurityPolicy).not.toContain('unsafe-inline');
    expect(contentSecurityPolicy).toContain("object-src 'none'");
    expect(contentSecurityPolicy).toContain("base-uri 'none'");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  it("let the admin's own pages, and nothing else, frame the content studio's preview", async () => {
    // The same policy as every page's but for that one directive.
    expect(previewContentSecurityPolicy.replace("frame-ancestors 'self'", "frame-ancestors 'none'")).toBe(
      contentSecurityPolicy,
    );
    const preview = await testApp.app.inject({ url: '/admin/content-preview' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-security-policy']).toBe(previewContentSecurityPolicy);
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    for (const url of ['/admin/pages', '/admin/content-preview-of-something', '/admin/content-preview/x']) {
      const other = await testApp.app.inject({ url });
      expect(other.headers['content-security-policy'], url).toBe(contentSecurityPolicy);
    }
  });

  it('let nothing load from, run in or frame an API answer', () => {
    expect(apiContentSecurityPolicy).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  const requests: [string, () => InjectOptions, number, Record<string, string>][] = [
    ['an HTML page', () => ({ url: '/' }), 200, document],
    ['a static file', () => ({ url: fixtureAsset.path }), 200, document],
    ['a not-found page', () => ({ url: '/missing' }), 404, document],
    ['a redirect', () => ({ url: '/blog-detail' }), 301, document],
    ["an address like the API's", () => ({ url: '/apiary' }), 404, document],
    ['an API read', () => ({ url: '/api/blogs' }), 200, api],
    ['an API 404', () => ({ url: '/api/blogs/missing' }), 404, api],
    ["the API's root", () => ({ url: '/api' }), 404, api],
    ['a validation error', () => asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: {} }), 400, api],
    [
      'a body too large',
      () =>
        asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: postInput({ content: 'x'.repeat(2 ** 21) }) }),
      413,
      api,
    ],
    ['a 401', () => ({ method: 'DELETE', url: '/api/blogs/x', headers: sameOrigin }), 401, api],
    ['a 403', () => ({ method: 'DELETE', url: '/api/blogs/x', headers: { origin: 'https://evil.example' } }), 403, api],
    ['a malformed URL', () => ({ url: '/api/blogs/%E0%A4%A' }), 400, api],
    ['a malformed page address', () => ({ url: '/blog/%E0%A4%A' }), 400, document],
  ];

  it.each(requests)('are on %s', async (_name, request, status, expected) => {
    const response = await testApp.app.inject(request());
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(expected);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    if (expected === api) {
      expect(response.headers['permissions-policy']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
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
      expect(response.headers['content-security-policy']).toBe(apiContentSecurityPolicy);
    },
  );

  it.each([
    ['/api/blogs', api],
    ['/', document],
  ])('include HSTS over HTTPS only: %s', async (url, expected) => {
    const overHttps = await testApp.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overHttps.headers).toMatchObject(expected);
  });

  it('refuse with Cache-Control: no-store, since a refusal depends on who asks', async () => {
    const refusal = await testApp.app.inject({ method: 'DELETE', url: '/api/blogs/x', headers: sameOrigin });
    expect(refusal.statusCode).toBe(401);
    expect(refusal.headers['cache-control']).toBe('no-store');
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
