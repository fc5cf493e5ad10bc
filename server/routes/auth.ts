import type { FastifyPluginAsync } from 'fastify';
import type { Credentials } from '../../src/content/types.gen.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { completeSignIn } from '../auth/complete-sign-in.ts';
import { trustedDeviceId } from '../auth/device-cookie.ts';
import { checkPassword, type AuthSettings } from '../auth/log-in.ts';
import { setPendingCookie } from '../auth/pending-sign-in.ts';
import { clearSessionCookie, readSessionToken } from '../auth/session-cookie.ts';
import { endSession } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';
import { emailKey } from '../store/users.ts';
import { signedIn, throttled } from './auth-replies.ts';
import { errorResponses, securitySchema } from './security-schemas.ts';
import { sessionRoutes } from './sessions.ts';
import { twoFactorRoutes } from './two-factor.ts';

export const authRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.post<{ Body: Credentials }>(
    '/login',
    {
      schema: {
        body: securitySchema('credentials'),
        response: {
          200: { anyOf: [securitySchema('signed-in-admin'), securitySchema('two-factor-required')] },
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: { allowSignedOut: true },
    },
    async (request, reply) => {
      const deviceId = trustedDeviceId(request, auth.keys.signing, emailKey(request.body.email));
      const result = await checkPassword(auth, { ...request.body, ip: request.ip, deviceId });
      if (result.outcome === 'throttled') throw throttled(result.retryAfterSeconds);
      if (result.outcome === 'rejected') {
        await recordAudit(auth.db, {
          at: auth.clock(),
          actor: result.user?.email ?? null,
          action: 'sign-in',
          address: request.ip,
          outcome: 'failure',
        });
        // One message for an unknown e-mail and a wrong password: the answer must not confirm that an account exists.
        throw new HttpError(401, 'The e-mail address or the password is not right.');
      }
      if (result.user.totp_secret !== null) {
        setPendingCookie(request, reply, auth.keys.signing, result.user.id, auth.clock());
        return reply.send({ twoFactorRequired: true });
      }
      return reply.send(await completeSignIn(auth, request, reply, result.user));
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 204: { type: 'null' }, ...errorResponses(403) } }, config: { allowSignedOut: true } },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (token !== undefined) await endSession(auth.db, token);
      if (request.user !== null) {
        await recordAudit(auth.db, {
          at: auth.clock(),
          actor: request.user.email,
          action: 'sign-out',
          target: request.user.sessionId,
          address: request.ip,
        });
      }
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    { schema: { response: { 200: securitySchema('signed-in-admin'), ...errorResponses(401) } } },
    async (request) => {
      const user = signedIn(request);
      return { name: user.name, email: user.email };
    },
  );

  await app.register(twoFactorRoutes, { ...auth, prefix: '/2fa' });
  await app.register(sessionRoutes, { ...auth, prefix: '/sessions' });
};
