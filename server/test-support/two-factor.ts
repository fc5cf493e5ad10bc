import type { FastifyInstance } from 'fastify';
import { timeStep, totpCode } from '../auth/index.ts';
import { asAdmin, testAdmin, type TestClock } from './test-requests.ts';

/** The re-authentication that changes to sign-in ask for. */
export const withPassword = { currentPassword: testAdmin.password };

/** The code an authenticator app would show now, by the test's clock (the TOTP code is checked against RFC 6238). */
export function currentCode(secret: string, clock: TestClock): string {
  return totpCode(secret, timeStep(clock.now()));
}

/** Sets up and turns on two-factor sign-in for the signed-in admin; gives the secret and the recovery codes. */
export async function turnOnTwoFactor(app: FastifyInstance, cookie: string, clock: TestClock) {
  const setup = await app.inject(
    asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/setup', payload: withPassword }),
  );
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.inject(
    asAdmin(cookie, {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: currentCode(secret, clock), ...withPassword },
    }),
  );
  if (enable.statusCode !== 200) throw new Error(`enabling failed: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The Cookie header made of every cookie an answer set. */
export function cookiesOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
