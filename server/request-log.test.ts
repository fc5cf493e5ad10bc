import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './http/logger-options.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  url?: string;
  status?: number;
  ms?: number;
  bytes?: number | null;
  err?: { stack?: string; message?: string };
}

const failingRoute: FastifyPluginAsync = async (app) => {
  app.get('/test-only/fail', async () => {
    throw new Error('the disk is on fire');
  });
};

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
    done();
  },
});
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ routesForTests: failingRoute, logger: { level: 'info', stream: logStream } });
});

afterAll(() => testApp.close());

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('request ids and the access log', () => {
  it('gives every answer an X-Request-Id, whatever its status', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/blogs', '/api/blogs?limit=0', '/api/nothing', '/healthz', '/%zz']) {
      const response = await testApp.app.inject({ url });
      const id = response.headers['x-request-id'];
      expect(id, url).toMatch(/^[\w-]{8,}$/);
      ids.add(String(id));
    }
    expect(ids.size).toBe(5);
  });

  it('makes its own id when the client sends one and no proxy is trusted', async () => {
    const sent = await testApp.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([['127.0.0.1'], ['loopback'], [true]] as const)(
    'keeps a well-formed id from a trusted proxy (TRUST_PROXY %s) and replaces one that is not',
    async (trustProxy) => {
      const behindProxy = await testApp.addInstance({ trustProxy, logger: false });
      const kept = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234abcd' } });
      expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
      const replaced = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\n{"level":60}' } });
      expect(replaced.headers['x-request-id']).not.toContain(' ');
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('makes its own id for a client that is not one of the trusted proxies', async () => {
    const behindProxy = await testApp.addInstance({ trustProxy: '10.0.0.1' });
    const direct = await behindProxy.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234abcd' },
      remoteAddress: '203.0.113.9',
    });
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one line per request, with its method, route, status, duration and size', async () => {
    const response = await testApp.app.inject({ url: '/api/blogs?limit=2' });
    const reqId = String(response.headers['x-request-id']);
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        route: '/api/blogs',
        status: 200,
        bytes: Number(response.headers['content-length']),
        ms: expect.any(Number),
      }),
    ]);
  });

  it('writes that line as pino writes JSON, its fields in order and escaped', async () => {
    const url = '/api/blogs?q=%22quoted\\%22&limit=1';
    const response = await testApp.app.inject({ url });
    const [line] = linesOf(String(response.headers['x-request-id']));
    expect(Object.keys(line!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'route',
      'url',
      'status',
      'ms',
      'bytes',
      'msg',
    ]);
    expect(line).toMatchObject({ url, status: 200, time: expect.any(Number), pid: process.pid });
  });

  it('writes the route of invitation and sign-in links, never their tokens', async () => {
    const secret = 'Secr3tTokenThatGrantsAccess0123456789abcdef';
    const requests = [
      { method: 'GET', url: `/api/invitations/${secret}` },
      { method: 'POST', url: `/api/invitations/${secret}/accept`, payload: { name: 'A', password: 'p' } },
      { method: 'POST', url: `/api/auth/sign-in-link/${secret}` },
      { method: 'GET', url: `/admin/invitations/${secret}` },
      { method: 'GET', url: `/admin/sign-in-link/${secret}?from=mail` },
    ] as const;
    const expected = [
      '/api/invitations/:token',
      '/api/invitations/:token/accept',
      '/api/auth/sign-in-link/:token',
      '/admin/invitations/:token',
      '/admin/sign-in-link/:token?from=mail',
    ];
    for (const [index, request] of requests.entries()) {
      const response = await testApp.app.inject({ ...request, headers: { origin: 'http://localhost' } });
      const logged = linesOf(String(response.headers['x-request-id']));
      expect(logged.length, request.url).toBeGreaterThan(0);
      expect(JSON.stringify(logged), request.url).not.toContain(secret);
      expect(logged.find((line) => line.msg === 'request')).toMatchObject({ url: expected[index] });
    }
    // An invitation's id is no secret: the line keeps it, to tell which one was withdrawn.
    const revoke = await testApp.app.inject({ method: 'DELETE', url: '/api/invitations/an-invitation-id' });
    expect(linesOf(String(revoke.headers['x-request-id']))[0]).toMatchObject({
      url: '/api/invitations/an-invitation-id',
    });
  });

  it("writes the newsletter links and a refused form's page with `:token` in place of their tokens", async () => {
    const secret = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee.1765000000000.Secr3tSignatureOfTheLink0123456789abcdefg';
    const requests = [
      { method: 'GET', url: `/newsletter/confirm?token=${secret}` },
      { method: 'GET', url: `/newsletter/unsubscribe?token=${secret}` },
      {
        method: 'POST',
        url: `/newsletter/unsubscribe?token=${secret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      },
      {
        method: 'POST',
        url: `/newsletter/resubscribe?from=mail&token=${secret}`,
        headers: { origin: 'http://localhost' },
      },
      { method: 'GET', url: `/blog?refused=${secret}#newsletter` },
    ] as const;
    const expected = [
      '/newsletter/confirm?token=:token',
      '/newsletter/unsubscribe?token=:token',
      '/newsletter/unsubscribe?token=:token',
      '/newsletter/resubscribe?from=mail&token=:token',
      '/blog?refused=:token',
    ];
    for (const [index, request] of requests.entries()) {
      const response = await testApp.app.inject(request);
      const logged = linesOf(String(response.headers['x-request-id']));
      expect(logged.length, request.url).toBeGreaterThan(0);
      expect(JSON.stringify(logged), request.url).not.toContain('Secr3tSignature');
      expect(
        logged.find((line) => line.msg === 'request'),
        request.url,
      ).toMatchObject({ url: expected[index] });
    }
  });

  it('logs a 5xx once at error level with its stack, and tells the user the id to quote', async () => {
    const response = await testApp.app.inject({ url: '/test-only/fail' });
    expect(response.statusCode).toBe(500);
    const reqId = String(response.headers['x-request-id']);
    expect(response.json()).toMatchObject({ statusCode: 500, requestId: reqId });
    expect(response.json<{ message: string }>().message).toContain(reqId);
    expect(response.body).not.toContain('on fire');
    const logged = linesOf(reqId);
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err?.stack).toContain('the disk is on fire');
    expect(logged.filter((line) => line.msg === 'request')).toEqual([expect.objectContaining({ status: 500 })]);
    expect(logged).toHaveLength(2);
  });
});

describe('the logger’s settings', () => {
  it('writes JSON in production and to anything but a terminal, readable lines in a developer’s terminal', () => {
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }, true)).toEqual({ level: 'warn' });
    expect(loggerOptions({}, false)).toEqual({ level: 'info' });
    const output = { stream: pino.destination({ dest: 1, sync: true }), flushSync() {} };
    expect(loggerOptions({ LOG_LEVEL: 'error' }, false, output)).toEqual({ level: 'error', stream: output.stream });
    expect(loggerOptions({}, true, output)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions({ LOG_LEVEL: 'debug' }, true)).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
  });
});
