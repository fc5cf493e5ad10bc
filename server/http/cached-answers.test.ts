import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { examplePosts } from '../blog/index.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp | undefined;
let clientDir: string | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  clientDir = undefined;
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real connection, as a visitor's browser sends it. */
function get(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (response) => {
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
 * test's own would empty the cache again once the watcher sees it, a quarter of a second later.
 */
async function startApp(options: Parameters<typeof createTestApp>[0] = {}) {
  testApp = await createTestApp({ seedExamples: true, ...options });
  const cookie = await signIn(testApp.app);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: testApp.app, cookie };
}

/** The answer the handler makes, the cache emptied first: what an answer from the cache must equal. */
async function answerMadeAfresh(app: FastifyInstance, path: string, headers: Record<string, string>) {
  app.responses.forget();
  const response = await app.inject({ url: path, headers } as InjectOptions);
  return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
}

/** Counts what the reader answers: a hit that made nothing. */
function readerAnswers(app: FastifyInstance) {
  const { hits, misses } = app.responses;
  return () => ({ hits: app.responses.hits - hits, misses: app.responses.misses - misses });
}

describe("visitors' reads answered from the response cache", () => {
  const variants: [string, Record<string, string>][] = [
    ['plain', {}],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ];

  it.each(variants)('are the answers the handlers make, byte for byte (%s)', async (_name, headers) => {
    const { app } = await startApp();
    for (const path of ['/api/blogs?limit=2', `/api/blogs/slug/${examplePosts[1]!.slug}`]) {
      const counted = readerAnswers(app);
      const first = await get(app, path, headers);
      const second = await get(app, path, headers);
      expect(counted(), path).toEqual({ hits: 1, misses: 1 });
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect({ ...second, headers: comparable(second.headers) }).toEqual(await answerMadeAfresh(app, path, headers));
      expect({ ...first, headers: comparable(first.headers) }).toEqual(await answerMadeAfresh(app, path, headers));
    }
  });

  it('answer 304 to a visitor who holds the version, as the handler does', async () => {
    const { app } = await startApp();
    const first = await get(app, '/api/blogs');
    const held = { 'if-none-match': String(first.headers.etag) };
    const counted = readerAnswers(app);
    const notModified = await get(app, '/api/blogs', held);
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(comparable(notModified.headers)).toEqual((await answerMadeAfresh(app, '/api/blogs', held)).headers);
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const { app } = await startApp();
    const full = await get(app, '/api/blogs');
    const counted = readerAnswers(app);
    const head = await get(app, '/api/blogs', {}, 'HEAD');
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it('keep a well-formed request id a trusted proxy sends', async () => {
    const { app } = await startApp({ trustProxy: '127.0.0.1' });
    await get(app, '/api/blogs');
    const counted = readerAnswers(app);
    const answer = await get(app, '/api/blogs', { 'x-request-id': 'lb-1234abcd' });
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    expect(answer.headers['x-request-id']).toBe('lb-1234abcd');
  });

  it('never answer with what a write has changed', async () => {
    const { app, cookie } = await startApp();
    const titleOfLatest = async () => JSON.parse((await get(app, '/api/blogs?limit=1')).body.toString())[0].title;
    await titleOfLatest();
    const counted = readerAnswers(app);
    expect(await titleOfLatest()).not.toBe('Written just now');
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    const payload = postInput({ title: 'Written just now', status: 'published' });
    const created = await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload }));
    expect(created.statusCode).toBe(201);
    expect(await titleOfLatest()).toBe('Written just now');
    expect(counted()).toEqual({ hits: 1, misses: 1 });
  });

  it("never give a signed-in admin a visitor's answer, nor keep an admin's", async () => {
    const { app, cookie } = await startApp();
    await get(app, '/api/blogs');
    const counted = readerAnswers(app);
    const signedIn = await get(app, '/api/blogs', { cookie });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(counted()).toEqual({ hits: 0, misses: 0 });
    const visitor = await get(app, '/api/blogs', { cookie: 'theme=dark' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(counted()).toEqual({ hits: 1, misses: 0 });
  });

  it('answer over HTTPS with HSTS, and over HTTP without, behind a trusted proxy', async () => {
    const { app } = await startApp({ trustProxy: true });
    const https = { 'x-forwarded-proto': 'https' };
    await get(app, '/api/blogs', https);
    const secure = await get(app, '/api/blogs', https);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const counted = readerAnswers(app);
    const plain = await get(app, '/api/blogs');
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['trusted', '127.0.0.1', 'max-age=31536000; includeSubDomains'],
    ['not trusted', '10.0.0.1', undefined],
  ])('take HTTPS from a proxy trusted by address only when it is one (%s)', async (_name, trustProxy, hsts) => {
    const { app } = await startApp({ trustProxy });
    const https = { 'x-forwarded-proto': 'https' };
    await get(app, '/api/blogs', https);
    const counted = readerAnswers(app);
    const answer = await get(app, '/api/blogs', https);
    expect(counted()).toEqual({ hits: 1, misses: 0 });
    expect(answer.headers['strict-transport-security']).toBe(hsts);
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
    const counted = readerAnswers(app);
    const answers = [await get(app, '/api/blogs?limit=2'), await get(app, '/api/blogs?limit=2')];
    expect(counted()).toEqual({ hits: 1, misses: 1 });
    const [made, kept] = answers.map((answer) => {
      const written = lines.filter((line) => line.reqId === answer.headers['x-request-id']);
      expect(written).toHaveLength(1);
      const { time: _time, ms, reqId: _reqId, ...line } = written[0]!;
      expect(ms).toEqual(expect.any(Number));
      return line;
    });
    expect(kept).toEqual(made);
    expect(kept).toMatchObject({ msg: 'request', route: '/api/blogs', status: 200, url: '/api/blogs?limit=2' });
    const metrics = await get(app, '/metrics', { authorization: 'Bearer scrape-me' });
    expect(metrics.body.toString()).toContain(
      'northbeam_http_requests_total{method="GET",route="/api/blogs",status="200"} 2',
    );
  });

  it('pass through every hook of the app, API reads and blog pages alike', async () => {
    clientDir = createClientFixture();
    const seen: string[] = [];
    const { app } = await startApp({
      clientDir,
      hooksForTests(app) {
        app.addHook('onRequest', (request, reply, done) => {
          seen.push(`onRequest ${request.url}`);
          reply.header('x-hook-on-request', 'ran');
          done();
        });
        app.addHook('onSend', (request, reply, payload, done) => {
          seen.push(`onSend ${request.url}`);
          reply.header('x-hook-on-send', 'ran');
          done(null, payload);
        });
      },
    });
    for (const path of ['/api/blogs?limit=2', `/api/blogs/slug/${examplePosts[0]!.slug}`, '/blog', '/about']) {
      await get(app, path);
      seen.length = 0;
      const counted = readerAnswers(app);
      const kept = await get(app, path);
      expect(counted(), path).toEqual({ hits: 1, misses: 0 });
      expect(kept.status, path).toBe(200);
      expect(seen, path).toEqual([`onRequest ${path}`, `onSend ${path}`]);
      expect(kept.headers['x-hook-on-request'], path).toBe('ran');
      expect(kept.headers['x-hook-on-send'], path).toBe('ran');
    }
  });
});
