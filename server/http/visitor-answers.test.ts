import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { examplePosts } from '../blog/example-posts.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real connection (inject skips the server, and so the answers given before routing). */
function get(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** What an answer says, without what differs between any two requests (date, id, connection). */
function comparable(headers: IncomingHttpHeaders | Record<string, unknown>) {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

/**
 * An app with the example posts, listening. They are written before the app watches for changes: a write of the
 * test's own would clear the cache again once the watcher sees it, a quarter of a second later.
 */
async function startApp(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp({ seedExamples: true, ...options });
  const cookie = await signIn(testApp.app);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: testApp.app, cookie };
}

/** The app's own answer, through routing and every hook: what an answer given before routing must equal. */
async function routedAnswer(app: FastifyInstance, path: string, headers: Record<string, string>) {
  const response = await app.inject({ url: path, headers } as InjectOptions);
  return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
}

describe("visitors' reads answered before routing", () => {
  const variants: [string, Record<string, string>][] = [
    ['plain', {}],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ];

  it.each(variants)('are the app’s own answers, byte for byte (%s)', async (_name, headers) => {
    const { app } = await startApp();
    for (const path of ['/api/blogs?limit=2', `/api/blogs/slug/${examplePosts[1]!.slug}`]) {
      const first = await get(app, path, headers);
      expect(app.visitorAnswers.answered).toBe(0);
      const second = await get(app, path, headers);
      expect(app.visitorAnswers.answered, path).toBe(1);
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect({ ...second, headers: comparable(second.headers) }).toEqual(await routedAnswer(app, path, headers));
      expect({ ...first, headers: comparable(first.headers) }).toEqual(await routedAnswer(app, path, headers));
      app.visitorAnswers.answered = 0;
    }
  });

  it('answer 304 to a visitor who holds the version, as the app does', async () => {
    const { app } = await startApp();
    const first = await get(app, '/api/blogs');
    const held = { 'if-none-match': String(first.headers.etag) };
    const notModified = await get(app, '/api/blogs', held);
    expect(app.visitorAnswers.answered).toBe(1);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(comparable(notModified.headers)).toEqual((await routedAnswer(app, '/api/blogs', held)).headers);
  });

  it('keep a well-formed request id a trusted proxy sends', async () => {
    const { app } = await startApp({ trustProxy: '127.0.0.1' });
    await get(app, '/api/blogs');
    const answer = await get(app, '/api/blogs', { 'x-request-id': 'lb-1234abcd' });
    expect(app.visitorAnswers.answered).toBe(1);
    expect(answer.headers['x-request-id']).toBe('lb-1234abcd');
  });

  it('never answer with what a write has changed', async () => {
    const { app, cookie } = await startApp();
    const titleOfLatest = async () => JSON.parse((await get(app, '/api/blogs?limit=1')).body.toString())[0].title;
    await titleOfLatest();
    expect(await titleOfLatest()).not.toBe('Written just now');
    expect(app.visitorAnswers.answered).toBe(1);
    const payload = postInput({ title: 'Written just now', status: 'published' });
    const created = await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload }));
    expect(created.statusCode).toBe(201);
    expect(await titleOfLatest()).toBe('Written just now');
    expect(app.visitorAnswers.answered).toBe(1);
  });

  it('leave requests with a cookie or credentials, and other methods, to the app', async () => {
    const { app, cookie } = await startApp();
    await get(app, '/api/blogs');
    const signedIn = await get(app, '/api/blogs', { cookie });
    await get(app, '/api/blogs', { cookie: 'theme=dark' });
    await get(app, '/api/blogs', { authorization: 'Bearer x' });
    expect(app.visitorAnswers.answered).toBe(0);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('answer over HTTPS with HSTS, and over HTTP without, behind a trusted proxy', async () => {
    const { app } = await startApp({ trustProxy: true });
    const https = { 'x-forwarded-proto': 'https' };
    await get(app, '/api/blogs', https);
    const secure = await get(app, '/api/blogs', https);
    expect(app.visitorAnswers.answered).toBe(1);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await get(app, '/api/blogs');
    expect(app.visitorAnswers.answered).toBe(1);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['trusted', '127.0.0.1', 'max-age=31536000; includeSubDomains'],
    ['not trusted', '10.0.0.1', undefined],
  ])('take HTTPS from a proxy trusted by address only when it is one (%s)', async (_name, trustProxy, hsts) => {
    const { app } = await startApp({ trustProxy });
    const https = { 'x-forwarded-proto': 'https' };
    await get(app, '/api/blogs', https);
    const answer = await get(app, '/api/blogs', https);
    expect(app.visitorAnswers.answered).toBe(1);
    expect(answer.headers['strict-transport-security']).toBe(hsts);
    expect(comparable(answer.headers)).toEqual((await routedAnswer(app, '/api/blogs', https)).headers);
  });

  it('write an access line and count in the metrics like any other answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text));
        done();
      },
    });
    const { app } = await startApp({ metricsToken: 'scrape-me', logger: { level: 'info', stream } });
    const answers = [await get(app, '/api/blogs?limit=2'), await get(app, '/api/blogs?limit=2')];
    expect(app.visitorAnswers.answered).toBe(1);
    const [routed, early] = answers.map((answer) => {
      const written = lines.filter((line) => line.reqId === answer.headers['x-request-id']);
      expect(written).toHaveLength(1);
      const { time: _time, ms, reqId: _reqId, ...line } = written[0]!;
      expect(ms).toEqual(expect.any(Number));
      return line;
    });
    expect(early).toEqual(routed);
    expect(early).toMatchObject({ msg: 'request', route: '/api/blogs', status: 200, url: '/api/blogs?limit=2' });
    const metrics = await get(app, '/metrics', { authorization: 'Bearer scrape-me' });
    expect(metrics.body.toString()).toContain(
      'northbeam_http_requests_total{method="GET",route="/api/blogs",status="200"} 2',
    );
  });

  it('hold no more than their 4 MB budget, however many distinct addresses visitors ask for', async () => {
    const { app } = await startApp();
    const padding = 'x'.repeat(8000);
    for (let batch = 0; batch < 60; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => get(app, `/api/blogs?limit=1&pad=${padding}-${batch}-${index}`)),
      );
    }
    expect(app.visitorAnswers.bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(app.visitorAnswers.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    app.visitorAnswers.answered = 0;
    await get(app, `/api/blogs?limit=1&pad=${padding}-59-9`);
    expect(app.visitorAnswers.answered).toBe(1);
  });
});
