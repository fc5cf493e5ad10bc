import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { cookiesOf } from '../test-support/two-factor.ts';

let testApp: TestApp;
let app: FastifyInstance;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterEach(() => testApp.close());

const wrong = { email: testAdmin.email, password: 'a wrong guess at the password' };

function logIn(credentials: { email: string; password: string }, from: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: cookie ? { ...sameOrigin, cookie } : sameOrigin,
    payload: credentials,
    remoteAddress: from,
  });
}

/** The device cookie of a browser that signed in (the session cookie dropped, as after signing out). */
async function knownBrowser(from: string): Promise<string> {
  const response = await logIn(testAdmin, from);
  expect(response.statusCode).toBe(200);
  const device = response.cookies.find((cookie) => cookie.name === 'northbeam_device');
  return `${device!.name}=${device!.value}`;
}

/** A stranger's attempts from several addresses, each under the per-address limits, past the account's limit. */
async function strangerFails(email = testAdmin.email) {
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    for (let i = 0; i < 4; i++) {
      expect([401, 429]).toContain((await logIn({ ...wrong, email }, address)).statusCode);
    }
  }
}

describe("a stranger's failed sign-ins", () => {
  it('do not lock out a browser that signed in before', async () => {
    const device = await knownBrowser('192.0.2.10');
    await strangerFails();
    const fromKnownBrowser = await logIn(testAdmin, '192.0.2.10', device);
    expect(fromKnownBrowser.statusCode).toBe(200);
    // The same from another network (the admin's phone on mobile data, a new office): the device is what counts.
    expect((await logIn(testAdmin, '203.0.113.77', device)).statusCode).toBe(200);
  });

  it('lock out untrusted browsers, with Retry-After, the same for a known and an unknown e-mail', async () => {
    await strangerFails();
    await strangerFails('nobody@northbeam.example');
    const known = await logIn(testAdmin, '192.0.2.20');
    const unknown = await logIn({ email: 'nobody@northbeam.example', password: 'anything at all' }, '192.0.2.20');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
  });

  it('end their lockout after 15 minutes', async () => {
    await strangerFails();
    expect((await logIn(testAdmin, '192.0.2.20')).statusCode).toBe(429);
    testApp.clock.advance(15 * 60 * 1000 + 1000);
    expect((await logIn(testAdmin, '192.0.2.20')).statusCode).toBe(200);
  });

  it('count per account and address: five from one address stop that address only', async () => {
    for (let i = 0; i < 5; i++) expect((await logIn(wrong, '198.51.100.9')).statusCode).toBe(401);
    expect((await logIn(testAdmin, '198.51.100.9')).statusCode).toBe(429);
    expect((await logIn(testAdmin, '198.51.100.10')).statusCode).toBe(200);
  });

  it('count an IPv6 /64 as one address: five from addresses of one /64 stop that /64 only', async () => {
    for (let i = 1; i <= 5; i++) expect((await logIn(wrong, `2001:db8:4:5::${i}`)).statusCode).toBe(401);
    expect((await logIn(testAdmin, '2001:db8:4:5:ffff::6')).statusCode).toBe(429);
    expect((await logIn(testAdmin, '2001:db8:4:6::1')).statusCode).toBe(200);
  });
});

describe('a trusted browser', () => {
  it('is throttled by its own failures', async () => {
    const device = await knownBrowser('192.0.2.10');
    for (let i = 0; i < 5; i++) expect((await logIn(wrong, '192.0.2.10', device)).statusCode).toBe(401);
    const locked = await logIn(testAdmin, '192.0.2.10', device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is trusted for the account it signed in to only, and not with a forged token', async () => {
    const device = await knownBrowser('192.0.2.10');
    await strangerFails('other@northbeam.example');
    expect((await logIn({ ...wrong, email: 'other@northbeam.example' }, '192.0.2.10', device)).statusCode).toBe(429);
    await strangerFails();
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await logIn(testAdmin, '192.0.2.10', forged)).statusCode).toBe(429);
  });

  it('gets a new device token at every sign-in', async () => {
    const first = await logIn(testAdmin, '192.0.2.10');
    const second = await logIn(testAdmin, '192.0.2.10', cookiesOf(first));
    const token = (response: typeof first) =>
      response.cookies.find((cookie) => cookie.name === 'northbeam_device')!.value;
    expect(token(second)).not.toBe(token(first));
  });
});
