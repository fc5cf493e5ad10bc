import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { cookiesOf, currentCode, turnOnTwoFactor, withPassword } from '../test-support/two-factor.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

const step = 30_000;

function logIn() {
  return app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: testAdmin });
}

function verify(pendingCookie: string, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    headers: { ...sameOrigin, cookie: pendingCookie },
    payload: { code },
  });
}

async function pendingSignIn(): Promise<string> {
  const response = await logIn();
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ twoFactorRequired: true });
  expect(response.cookies.map((each) => each.name)).toEqual(['northbeam_pending']);
  return cookiesOf(response);
}

describe('setting up two-factor sign-in', () => {
  it('gives a secret, an otpauth URI and a QR code drawn as SVG, and needs a right code to turn on', async () => {
    const setup = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/setup', payload: withPassword }),
    );
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrSvg } = setup.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
    expect(qrSvg).not.toMatch(/<script|href=|on\w+=/i);

    const wrong = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '000000', ...withPassword } }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: '/code', message: 'is not the current code' }]);
    const status = await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }));
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const enable = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/auth/2fa/enable',
        payload: { code: currentCode(secret, testApp.clock), ...withPassword },
      }),
    );
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }))).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('never shows the secret again, and refuses a second setup while on', async () => {
    await turnOnTwoFactor(app, cookie, testApp.clock);
    const again = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/setup', payload: withPassword }),
    );
    expect(again.statusCode).toBe(409);
    expect((await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }))).body).not.toMatch(/secret/i);
  });

  it('refuses to turn on without a setup first', async () => {
    const response = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '123456', ...withPassword } }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Set up two-factor sign-in first/);
  });

  it('ends the other sessions when it is turned on', async () => {
    const other = await signIn(app);
    await turnOnTwoFactor(app, cookie, testApp.clock);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers a body without a code with 400', async () => {
    const response = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/enable', payload: withPassword }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: '/code', message: expect.any(String) }]);
  });
});

describe('signing in with two factors', () => {
  let secret: string;
  let recoveryCodes: string[];

  beforeEach(async () => {
    ({ secret, recoveryCodes } = await turnOnTwoFactor(app, cookie, testApp.clock));
    testApp.clock.advance(step);
  });

  it('takes the password, then a current code, and only then starts a session', async () => {
    const pending = await pendingSignIn();
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: pending } })).statusCode).toBe(401);
    const response = await verify(pending, currentCode(secret, testApp.clock));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Northbeam Team', email: testAdmin.email, role: 'owner' });
    const session = response.cookies.find((each) => each.name === 'northbeam_session')!;
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { cookie: `northbeam_session=${session.value}` } })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong code and a code used before', async () => {
    const pending = await pendingSignIn();
    expect((await verify(pending, '000000')).statusCode).toBe(401);
    const code = currentCode(secret, testApp.clock);
    expect((await verify(pending, code)).statusCode).toBe(200);
    const reused = await verify(await pendingSignIn(), code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toMatch(/used already/);
    testApp.clock.advance(step);
    expect((await verify(await pendingSignIn(), currentCode(secret, testApp.clock))).statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and with spaces', async () => {
    const [first, second] = recoveryCodes as [string, string];
    expect((await verify(await pendingSignIn(), ` ${first.toUpperCase()} `)).statusCode).toBe(200);
    expect((await verify(await pendingSignIn(), first)).statusCode).toBe(401);
    expect((await verify(await pendingSignIn(), second.replace('-', ''))).statusCode).toBe(200);
    const status = await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }));
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('lets a pending sign-in expire after five minutes', async () => {
    const pending = await pendingSignIn();
    testApp.clock.advance(5 * 60_000 + 1000);
    const response = await verify(pending, currentCode(secret, testApp.clock));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/expired/);
  });

  it('refuses verify without a pending sign-in, and a forged one', async () => {
    expect((await verify('', currentCode(secret, testApp.clock))).statusCode).toBe(401);
    const pending = await pendingSignIn();
    const forged = pending.replace(/\.[\w-]+$/, '.AAAA');
    expect((await verify(forged, currentCode(secret, testApp.clock))).statusCode).toBe(401);
  });

  it('throttles wrong codes: 429 with Retry-After, even for the right one', async () => {
    const pending = await pendingSignIn();
    for (let i = 0; i < 5; i++) expect((await verify(pending, '000000')).statusCode).toBe(401);
    const throttled = await verify(pending, currentCode(secret, testApp.clock));
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('signs in once per pending sign-in: the cookie is used up by the code that completes it', async () => {
    const [first, second] = recoveryCodes as [string, string];
    const pending = await pendingSignIn();
    expect((await verify(pending, first)).statusCode).toBe(200);
    const reused = await verify(pending, second);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toMatch(/expired/);
    expect((await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }))).json().recoveryCodesLeft).toBe(9);
  });

  it('uses a pending sign-in up on another instance too', async () => {
    const other = await testApp.addInstance();
    const pending = await pendingSignIn();
    expect((await verify(pending, recoveryCodes[0]!)).statusCode).toBe(200);
    const elsewhere = await other.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { ...sameOrigin, cookie: pending },
      payload: { code: recoveryCodes[1]! },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("gives codes from the owner's known browser their own allowance, so a stranger's wrong codes do not block it", async () => {
    const firstVerify = await verify(await pendingSignIn(), currentCode(secret, testApp.clock));
    const device = firstVerify.cookies.find((each) => each.name === 'northbeam_device')!;
    const deviceCookie = `${device.name}=${device.value}`;
    testApp.clock.advance(step);

    const strangers = await pendingSignIn();
    for (let i = 0; i < 5; i++) expect((await verify(strangers, '000000')).statusCode).toBe(401);
    expect((await verify(strangers, '000000')).statusCode).toBe(429);

    const owner = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...sameOrigin, cookie: deviceCookie },
      payload: testAdmin,
    });
    const ownerPending = `${cookiesOf(owner)}; ${deviceCookie}`;
    expect((await verify(ownerPending, currentCode(secret, testApp.clock))).statusCode).toBe(200);
  });

  it('is turned off with the current password and a code, which ends the other sessions', async () => {
    const otherResponse = await verify(await pendingSignIn(), currentCode(secret, testApp.clock));
    const other = cookiesOf(otherResponse);
    testApp.clock.advance(step);
    const disable = (payload: object) =>
      app.inject(asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/disable', payload }));
    const wrongPassword = await disable({
      currentPassword: 'not the password',
      code: currentCode(secret, testApp.clock),
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().details).toEqual([{ path: '/currentPassword', message: 'is not right' }]);
    expect((await disable({ ...withPassword, code: '000000' })).statusCode).toBe(400);
    expect((await disable({ ...withPassword, code: currentCode(secret, testApp.clock) })).statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
    const plain = await logIn();
    expect(plain.json()).toMatchObject({ name: 'Northbeam Team', email: testAdmin.email, role: 'owner' });
    expect((await app.inject(asAdmin(cookie, { url: '/api/auth/2fa' }))).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('refuses the two-factor routes without a session', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      expect((await app.inject({ method: 'POST', url, headers: sameOrigin, payload: {} })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/auth/2fa' })).statusCode).toBe(401);
  });
});
