import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { withPassword } from '../test-support/two-factor.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

function post(url: string, payload?: object) {
  return app.inject(asAdmin(cookie, { method: 'POST', url, ...(payload === undefined ? {} : { payload }) }));
}

async function auditActions() {
  const response = await app.inject(asAdmin(cookie, { url: '/api/audit?limit=100' }));
  return response
    .json<{ action: string; target: string | null; outcome: string }[]>()
    .map(({ action, target, outcome }) => [action, target, outcome]);
}

const missing = { path: '/currentPassword', message: 'is required' };
const wrong = { path: '/currentPassword', message: 'is not right' };

describe('changes to how the admin signs in ask for the current password', () => {
  it.each([
    ['/api/auth/2fa/setup', {}],
    ['/api/auth/2fa/enable', { code: '123456' }],
    ['/api/auth/2fa/disable', { code: '123456' }],
    ['/api/auth/password', { newPassword: 'a brand new passphrase' }],
  ])('%s refuses a session alone with 403 naming the field', async (url, body) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().details).toEqual([missing]);
    const wrongPassword = await post(url, { ...body, currentPassword: 'not the password at all' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().message).toMatch(/current password is not right/);
    expect(wrongPassword.json().details).toEqual([wrong]);
  });

  it('refuses a setup request without a body, and sets up with the password', async () => {
    const bare = await post('/api/auth/2fa/setup');
    expect(bare.statusCode).toBe(403);
    expect(bare.json().details).toEqual([missing]);
    expect((await post('/api/auth/2fa/setup', withPassword)).statusCode).toBe(200);
  });

  it('records a wrong password in the audit log under the change it was for', async () => {
    await post('/api/auth/2fa/setup', { currentPassword: 'not the password at all' });
    await post('/api/auth/password', { currentPassword: 'not it either', newPassword: 'a brand new passphrase' });
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        ['two-factor-setup', 'current password', 'failure'],
        ['password-change', 'current password', 'failure'],
      ]),
    );
  });

  it('throttles wrong passwords like sign-in: 429 with Retry-After, even for the right one', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/api/auth/2fa/setup', { currentPassword: `guess ${attempt}` })).statusCode).toBe(403);
    }
    const throttled = await post('/api/auth/2fa/setup', withPassword);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('changing the password', () => {
  it('takes the current and a new password, keeps this session and ends the others', async () => {
    const other = await signIn(app);
    const newPassword = 'a brand new passphrase';
    const change = await post('/api/auth/password', { ...withPassword, newPassword });
    expect(change.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
    const logIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { email: testAdmin.email, password },
      });
    expect((await logIn(testAdmin.password)).statusCode).toBe(401);
    expect((await logIn(newPassword)).statusCode).toBe(200);
    expect(await auditActions()).toContainEqual(['password-change', null, 'success']);
  });

  it('refuses a new password that is too short, naming the field', async () => {
    const response = await post('/api/auth/password', { ...withPassword, newPassword: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: '/newPassword', message: expect.stringMatching(/at least 12/) }]);
  });
});
