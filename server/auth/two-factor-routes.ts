import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CurrentPassword, TwoFactorCode, TwoFactorDisable, TwoFactorEnable } from '../../src/content/types.gen.ts';
import { auditRequest, recordAudit } from '../audit/index.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { trustedDeviceId } from './device-cookie.ts';
import type { AuthSettings } from './log-in.ts';
import { admitLoginAttempt, forgiveAccount } from './login-throttle.ts';
import { clearPendingCookie, findPendingSignIn, usePendingSignIn } from './pending-sign-in.ts';
import { confirmCurrentPassword } from './reauthenticate.ts';
import { throttledSignIn } from './throttled.ts';
import { acceptSecondFactor, disableTwoFactor, enableTwoFactor, isTwoFactorOn, setUpTwoFactor } from './two-factor.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { countRecoveryCodes } from './two-factor-store.ts';
import { emailKey, findUserById, type User } from './users.ts';
import { signedInAdmin, signInRequired } from './guard.ts';

/** Codes are throttled like passwords, under a key of their own per user. */
const codeThrottleKey = (userId: string) => `2fa:${userId}`;

/**
 * Refuses with 429 and Retry-After while this user's codes are throttled; otherwise counts the attempt. A browser
 * holding the account's device cookie has its own allowance, as for passwords, so that someone who knows the
 * password cannot keep the owner blocked at the code step.
 */
async function admitCodeAttempt(auth: AuthSettings, request: FastifyRequest, user: User, now: Date): Promise<void> {
  const deviceId = trustedDeviceId(request, auth.keys.signing, emailKey(user.email));
  const ip = clientAddress(request) ?? '';
  const retryAfter = await admitLoginAttempt(auth.db, { emailKey: codeThrottleKey(user.id), ip, now, deviceId });
  if (retryAfter > 0) throw throttledSignIn(retryAfter);
}

const reauthenticationRefusals = errorResponses(400, 401, 403, 409, 429, 503);

export const twoFactorRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.get(
    '/',
    {
      schema: { response: { 200: schemaRef('security/two-factor-status.schema.json'), ...errorResponses(401) } },
      config: { access: 'account' },
    },
    async (request) => {
      const user = await findUserById(auth.db, signedInAdmin(request).id);
      if (!user) throw signInRequired();
      return { enabled: isTwoFactorOn(user), recoveryCodesLeft: await countRecoveryCodes(auth.db, user.id) };
    },
  );

  app.post<{ Body: CurrentPassword }>(
    '/setup',
    {
      // Setup took no body before it asked for the password: a bare request gets the 403 that names the field.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
      schema: {
        body: schemaRef('security/current-password.schema.json'),
        response: { 200: schemaRef('security/two-factor-setup.schema.json'), ...reauthenticationRefusals },
      },
      config: { access: 'account' },
    },
    async (request) => {
      const user = await confirmCurrentPassword(auth, request, request.body.currentPassword, 'two-factor-setup');
      const setup = await setUpTwoFactor(auth, user, auth.issuer);
      await auditRequest(auth.db, request, auth.clock(), { action: 'two-factor-setup' });
      return setup;
    },
  );

  app.post<{ Body: TwoFactorEnable }>(
    '/enable',
    {
      schema: {
        body: schemaRef('security/two-factor-enable.schema.json'),
        response: { 200: schemaRef('security/recovery-codes.schema.json'), ...reauthenticationRefusals },
      },
      config: { access: 'account' },
    },
    async (request) => {
      const user = await confirmCurrentPassword(auth, request, request.body.currentPassword, 'two-factor-enable');
      await admitCodeAttempt(auth, request, user, auth.clock());
      const recoveryCodes = await enableTwoFactor(auth, signedInAdmin(request), request.body.code);
      await forgiveAccount(auth.db, codeThrottleKey(user.id));
      await auditRequest(auth.db, request, auth.clock(), { action: 'two-factor-enable' });
      return { recoveryCodes };
    },
  );

  app.post<{ Body: TwoFactorDisable }>(
    '/disable',
    {
      schema: {
        body: schemaRef('security/two-factor-disable.schema.json'),
        response: { 204: { type: 'null' }, ...reauthenticationRefusals },
      },
      config: { access: 'account' },
    },
    async (request, reply) => {
      const user = await confirmCurrentPassword(auth, request, request.body.currentPassword, 'two-factor-disable');
      await admitCodeAttempt(auth, request, user, auth.clock());
      try {
        await disableTwoFactor(auth, signedInAdmin(request), request.body.code);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400) {
          await auditRequest(auth.db, request, auth.clock(), { action: 'two-factor-disable', outcome: 'failure' });
        }
        throw error;
      }
      await forgiveAccount(auth.db, codeThrottleKey(user.id));
      await auditRequest(auth.db, request, auth.clock(), { action: 'two-factor-disable' });
      return reply.code(204).send();
    },
  );

  app.post<{ Body: TwoFactorCode }>(
    '/verify',
    {
      schema: {
        body: schemaRef('security/two-factor-code.schema.json'),
        response: {
          200: schemaRef('api/admin-user.schema.json', 'The signed-in admin.'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const now = auth.clock();
      const expired = () =>
        new HttpError(401, 'The sign-in has expired. Sign in again with your e-mail address and password.');
      const pending = await findPendingSignIn(auth.db, request, auth.keys.signing, now);
      const user = pending === null ? undefined : await findUserById(auth.db, pending.userId);
      if (!pending || !user || !isTwoFactorOn(user)) throw expired();
      await admitCodeAttempt(auth, request, user, now);
      if (!(await acceptSecondFactor(auth, user, request.body.code))) {
        await recordAudit(auth.db, {
          at: now,
          actor: user.email,
          action: 'sign-in',
          target: 'second factor',
          address: clientAddress(request),
          outcome: 'failure',
        });
        throw new HttpError(
          401,
          'The code is not right, or it was used already. Enter the current code from your app, or a recovery code.',
        );
      }
      // Used up here, so that the cookie cannot make a second session (a recovery code would otherwise allow it).
      if (!(await usePendingSignIn(auth.db, pending))) throw expired();
      await forgiveAccount(auth.db, codeThrottleKey(user.id));
      clearPendingCookie(request, reply);
      return reply.send(await completeSignIn(auth, request, reply, user));
    },
  );
};
