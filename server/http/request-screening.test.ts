import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('input the server cannot take', () => {
  it('refuses a NUL character in an address with 400, on either database', async () => {
    for (const url of ['/api/blogs?q=%00', '/api/blogs/slug/a%00b', '/blogs/%00']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The address must not contain a NUL character (%00).');
    }
  });

  it('refuses a NUL character anywhere in a JSON body with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: 'editor@northbeam.example\u0000', password: 'whatever it is' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Text must not contain NUL characters (\\u0000).');
  });

  it('sends an address starting with // to the same path with one slash, never to another host', async () => {
    const response = await testApp.app.inject({ url: '//evil.example/x?y=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/evil.example/x?y=1');
  });
});
