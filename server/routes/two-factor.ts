import type { FastifyPluginAsync } from 'fastify';
import type { TwoFactorCode, TwoFactorDisable } from '../../src/content/types.gen.ts';
import { auditRequest, recordAudit } from '../audit/audit-log.ts';
import { completeSignIn } from '../auth/complete-sign-in.ts';
import type { AuthSettings } from '../auth/log-in.ts';
import { admitLoginAttempt, forgiveAccount } from '../auth/login-throttle.ts';
import { clearPendingCookie, pendingUserId } from '../auth/pending-sign-in.ts';
import {
  acceptSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorOn,
  setUpTwoFactor,
} from '../auth/two-factor.ts';
import { HttpError } from '../http/errors.ts';
import { countRecoveryCodes } from '../store/two-factor.ts';
import { findUserById } from '../store/users.ts';
import { throttled } from './auth-replies.ts';
import { signedInAdmin, signInRequired } from '../auth/guard.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { securitySchema } from './security-schemas.ts';

/** Codes are throttled like passwords, under a key of their own per user. */
const codeThrottleKey = (userId: string) => `2fa:${userId}`;

/** Refuses with 429 and Retry-After while this user's codes are throttled; otherwise counts the attempt. */
async function admitCodeAttempt(auth: AuthSettings, userId: string, ip: string, now: Date): Promise<void> {
  const retryAfter = await admitLoginAttempt(auth.db, { emailKey: codeThrottleKey(userId), ip, now, deviceId: null });
  if (retryAfter > 0) throw throttled(retryAfter);
}

export const twoFactorRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.get(
    '/',
    {
      schema: { response: { 200: securitySchema('two-factor-status'), ...errorResponses(401) } },
      config: { access: 'admin' },
    },
    async (request) => {
      const user = await findUserById(auth.db, signedInAdmin(request).id);
      if (!user) throw signInRequired();
      return { enabled: isTwoFactorOn(user), recoveryCodesLeft: await countRecoveryCodes(auth.db, user.id) };
    },
  );

  app.post(
    '/setup',
    { schema: { response: { 200: securitySchema('two-factor-setup'), ...errorResponses(401, 403, 409) } } },
    async (request) => setUpTwoFactor(auth, signedInAdmin(request), auth.issuer),
  );

  app.post<{ Body: TwoFactorCode }>(
    '/enable',
    {
      schema: {
        body: securitySchema('two-factor-code'),
        response: { 200: securitySchema('recovery-codes'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = signedInAdmin(request);
      await admitCodeAttempt(auth, user.id, request.ip, auth.clock());
      const recoveryCodes = await enableTwoFactor(auth, user, request.body.code);
      await forgiveAccount(auth.db, codeThrottleKey(user.id));
      await auditRequest(auth.db, request, auth.clock(), { action: 'two-factor-enable' });
      return { recoveryCodes };
    },
  );

  app.post<{ Body: TwoFactorDisable }>(
    '/disable',
    {
      schema: {
        body: securitySchema('two-factor-disable'),
        response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInAdmin(request);
      await admitCodeAttempt(auth, user.id, request.ip, auth.clock());
      try {
        await disableTwoFactor(auth, user, request.body);
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
        body: securitySchema('two-factor-code'),
        response: {
          200: schemaRef('api/admin-user.schema.json', 'The signed-in admin.'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      const now = auth.clock();
      const userId = pendingUserId(request, auth.keys.signing, now);
      const user = userId === null ? undefined : await findUserById(auth.db, userId);
      if (!user || !isTwoFactorOn(user)) {
        throw new HttpError(401, 'The sign-in has expired. Sign in again with your e-mail address and password.');
      }
      await admitCodeAttempt(auth, user.id, request.ip, now);
      if (!(await acceptSecondFactor(auth, user, request.body.code))) {
        await recordAudit(auth.db, {
          at: now,
          actor: user.email,
          action: 'sign-in',
          target: 'second factor',
          address: request.ip,
          outcome: 'failure',
        });
        throw new HttpError(
          401,
          'The code is not right, or it was used already. Enter the current code from your app, or a recovery code.',
        );
      }
      await forgiveAccount(auth.db, codeThrottleKey(user.id));
      clearPendingCookie(request, reply);
      return reply.send(await completeSignIn(auth, request, reply, user));
    },
  );
};
