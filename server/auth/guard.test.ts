import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInput } from '../test-support/posts.ts';
import { createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp({ siteUrl: 'https://www.northbeam.example' });
  cookie = await signIn(testApp.app);
});
afterAll(() => testApp.close());

function createWith(headers: Record<string, string>) {
  return testApp.app.inject({ method: 'POST', url: '/api/blogs', headers, payload: postInput() });
}

describe('the API guard', () => {
  it('lets anyone read', async () => {
    expect((await testApp.app.inject({ url: '/api/blogs' })).statusCode).toBe(200);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin that differs only in port', { origin: 'http://localhost:8080' }],
    ['an opaque Origin', { origin: 'null' }],
    ['no Origin and Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('refuses an unsafe request with %s: 403, even with a session', async (_name, headers) => {
    const response = await createWith({ ...headers, cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('refuses a cross-site sign-in (login CSRF)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'x@example.com', password: 'whatever password' },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['its own Origin', sameOrigin],
    ['the public SITE_URL as Origin', { origin: 'https://www.northbeam.example' }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ])('accepts a signed-in write from %s', async (_name, headers) => {
    expect((await createWith({ ...headers, cookie })).statusCode).toBe(201);
  });

  it.each([
    ['POST', '/api/blogs'],
    ['PUT', '/api/blogs/some-id'],
    ['DELETE', '/api/blogs/some-id'],
  ] as const)('answers %s %s without a session with 401', async (method, url) => {
    const response = await testApp.app.inject({ method, url, headers: sameOrigin, payload: postInput() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Sign in to do this.',
      details: [],
    });
  });

  it('protects unsafe requests to unknown API routes as well', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/newsletter', headers: sameOrigin });
    expect(response.statusCode).toBe(401);
  });
});
