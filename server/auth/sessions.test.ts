import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, sameOrigin, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterEach(() => testApp.close());

interface SessionJson {
  _id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  address: string | null;
  current: boolean;
}

async function signInWith(userAgent: string, remoteAddress: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...sameOrigin, 'user-agent': userAgent },
    payload: testAdmin,
    remoteAddress,
  });
  const session = response.cookies.find((cookie) => cookie.name === 'northbeam_session')!;
  return `${session.name}=${session.value}`;
}

const me = (cookie: string) => app.inject({ url: '/api/auth/me', headers: { cookie } });
const list = async (cookie: string) =>
  (await app.inject(asAdmin(cookie, { url: '/api/auth/sessions' }))).json<SessionJson[]>();

describe('the admin’s sessions', () => {
  it('are listed with when they began and were last seen, the browser, the address and which is this one', async () => {
    const laptop = await signInWith('Firefox on the laptop', '192.0.2.1');
    testApp.clock.advance(60_000);
    const phone = await signInWith('Safari on the phone', '192.0.2.2');
    const sessions = await list(phone);
    expect(sessions).toEqual([
      {
        _id: expect.any(String),
        createdAt: '2025-12-01T12:01:00.000Z',
        lastSeenAt: '2025-12-01T12:01:00.000Z',
        userAgent: 'Safari on the phone',
        address: '192.0.2.2',
        current: true,
      },
      {
        _id: expect.any(String),
        createdAt: '2025-12-01T12:00:00.000Z',
        lastSeenAt: '2025-12-01T12:00:00.000Z',
        userAgent: 'Firefox on the laptop',
        address: '192.0.2.1',
        current: false,
      },
    ]);
    expect((await list(laptop)).map((session) => session.current)).toEqual([false, true]);
    expect(JSON.stringify(sessions)).not.toMatch(/northbeam_session|token/);
  });

  it('can be ended one by one: the ended cookie then gets 401', async () => {
    const laptop = await signInWith('Firefox', '192.0.2.1');
    const phone = await signInWith('Safari', '192.0.2.2');
    const laptopId = (await list(laptop)).find((session) => session.current)!._id;
    const response = await app.inject(asAdmin(phone, { method: 'DELETE', url: `/api/auth/sessions/${laptopId}` }));
    expect(response.statusCode).toBe(204);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    const again = await app.inject(asAdmin(phone, { method: 'DELETE', url: `/api/auth/sessions/${laptopId}` }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/no session with this id/);
  });

  it('are all ended but this one by "sign out everywhere else"', async () => {
    const others = [await signInWith('A', '192.0.2.1'), await signInWith('B', '192.0.2.2')];
    const current = await signInWith('C', '192.0.2.3');
    const response = await app.inject(asAdmin(current, { method: 'DELETE', url: '/api/auth/sessions' }));
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await list(current)).map((session) => session.userAgent)).toEqual(['C']);
  });

  it('are private to their user and need a session to list or end', async () => {
    expect((await app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/auth/sessions/x', headers: sameOrigin });
    expect(deleted.statusCode).toBe(401);
    const cross = await app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: { origin: 'https://evil.example', cookie: await signInWith('A', '192.0.2.1') },
    });
    expect(cross.statusCode).toBe(403);
  });
});
