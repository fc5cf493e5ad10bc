import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

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

describe('a body of a type its route does not declare', () => {
  const send = (method: 'POST' | 'PATCH', url: string, type: string, payload: string, cookie?: string) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...sameOrigin, 'content-type': type, ...(cookie && { cookie }) },
      payload,
    });

  it('is refused with 415 naming the types the route takes, before the body is parsed', async () => {
    const cookie = await signIn(testApp.app);
    const json = await send('POST', '/api/subscribers/import', 'application/json', '{"email":"a@example.com"}', cookie);
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({
      statusCode: 415,
      message: expect.stringMatching(/^This address takes a body of type text\/csv, not application\/json/),
      details: [],
    });
    // Not even a body that would not parse reaches a parser: the type is what is refused.
    expect((await send('POST', '/api/subscribers/import', 'application/json', '{', cookie)).statusCode).toBe(415);

    const csvComment = await send('POST', '/api/blogs/any-post/comments', 'text/csv', 'a,b\r\n');
    expect(csvComment.statusCode).toBe(415);
    expect(csvComment.json().message).toMatch(/application\/json or application\/x-www-form-urlencoded, not text\/csv/);

    const formLogin = await send('POST', '/api/auth/login', 'application/x-www-form-urlencoded', 'email=a&password=b');
    expect(formLogin.statusCode).toBe(415);
    expect(formLogin.json().message).toMatch(/type application\/json, not application\/x-www-form-urlencoded/);

    const boundary = 'x-boundary';
    const multipartPatch = await send(
      'PATCH',
      '/api/media/some-id',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\ncontent-disposition: form-data; name="alt"\r\n\r\nA cat\r\n--${boundary}--\r\n`,
      cookie,
    );
    expect(multipartPatch.statusCode).toBe(415);
    expect((await send('POST', '/api/media', 'application/json', '{}', cookie)).statusCode).toBe(415);
  });

  it('is taken when declared, whatever its parameters and letter case', async () => {
    const cookie = await signIn(testApp.app);
    const csv = await send('POST', '/api/subscribers/import', 'Text/CSV; charset=utf-8', 'email\r\n', cookie);
    expect(csv.statusCode).not.toBe(415);
    // The beacon's text/plain (navigator.sendBeacon) and JSON both reach the collector.
    const view = JSON.stringify({ path: '/about' });
    expect((await send('POST', '/api/collect', 'text/plain;charset=UTF-8', view)).statusCode).toBe(202);
    expect((await send('POST', '/api/collect', 'application/json', view)).statusCode).toBe(202);
    expect((await send('POST', '/api/collect', 'text/csv', view)).statusCode).toBe(415);
    const login = await send('POST', '/api/auth/login', 'application/json; charset=utf-8', '{"email":"x@y.z"}');
    expect(login.statusCode).toBe(400);
  });
});
