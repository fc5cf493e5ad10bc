import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { recordAudit } from '../audit/index.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { trustedDeviceId } from './device-cookie.ts';
import { checkPassword, type AuthSettings } from './log-in.ts';
import { startPendingSignIn } from './pending-sign-in.ts';
import { clearSessionCookie, readSessionToken } from './session-cookie.ts';
import { endSession } from './sessions.ts';
import { requestSignInLink, signInWithLink, type SignInLinkSending } from './sign-in-link.ts';
import { throttledSignIn } from './throttled.ts';
import type { LoginBody, SignInLinkRequest, SignInLinkToken } from '../../src/content/types.gen.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { emailKey, findUserById } from './users.ts';
import { signedInAdmin } from './guard.ts';
import { passwordChangeRoutes } from './password-change-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

const adminUser = schemaRef('api/admin-user.schema.json', 'The signed-in admin.');

const loginSchema = {
  summary: 'Sign in',
  description:
    'Checks the password. Without two-factor sign-in the answer starts the session and sets its cookie; with it, the answer is `{ twoFactorRequired: true }` and a short-lived pending cookie for POST /api/auth/2fa/verify. Failed attempts are throttled (429), per account, address and device and across all addresses; while too many passwords are being checked at once the answer is 503 with Retry-After.',
  tags: ['auth'],
  body: schemaRef('api/login-body.schema.json'),
  response: {
    200: { anyOf: [adminUser, schemaRef('security/two-factor-required.schema.json')] },
    ...errorResponses(400, 401, 403, 413, 415, 429, 500, 503),
  },
};

const logoutSchema = {
  summary: 'Sign out',
  tags: ['auth'],
  response: { 204: emptyResponse('Signed out; the session is over.'), ...errorResponses(400, 403, 413, 415, 500) },
};

const meSchema = {
  summary: 'Who is signed in',
  tags: ['auth'],
  response: { 200: adminUser, ...errorResponses(400, 401, 500) },
};

const signInLinkRequestSchema = {
  summary: 'E-mail me a sign-in link',
  description:
    'For a member whose sign-in answers 429: queues a one-time link (15 minutes, through the outbox) to the address ' +
    "when it is a member's, and answers 202 alike for any address. Limited to 10 requests an hour per requester " +
    'network (an IPv4 /24, an IPv6 /64; 429 with Retry-After), never per address: past 3 links an hour to one ' +
    'address, a new one is mailed only when none of those mailed still works. Not limited by the sign-in throttle. ' +
    '409 when the server has no SMTP_URL.',
  tags: ['auth'],
  body: schemaRef('security/sign-in-link-request.schema.json'),
  response: {
    202: schemaRef('security/sign-in-link-sent.schema.json', 'Sent, if the address is a member’s.'),
    ...errorResponses(400, 403, 409, 413, 415, 429, 500),
  },
};

const signInLinkUseSchema = {
  summary: 'Sign in with an e-mailed link',
  description:
    'Uses the link up and makes this browser a trusted device of the account (the device cookie). Without ' +
    'two-factor sign-in the session starts; with it, the answer is `{ twoFactorRequired: true }` as after a ' +
    'password. 404 for a link never issued, 410 for a used or expired one.',
  tags: ['auth'],
  params: schemaRef('security/sign-in-link-token.schema.json'),
  response: {
    200: { anyOf: [adminUser, schemaRef('security/two-factor-required.schema.json')] },
    ...errorResponses(400, 403, 404, 410, 413, 415, 500),
  },
};

export interface AuthRoutesOptions extends AuthSettings {
  /** Where e-mailed sign-in links point, and the mail worker; its `mail` is null without SMTP_URL. */
  signInLinks: SignInLinkSending;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { signInLinks, ...auth } = options;
  // Only these routes set cookies: elsewhere the plugin's hook on every answer would be work for nothing.
  await app.register(fastifyCookie, { hook: false });
  // No answer about signing in may be kept by a cache (the guard's refusals say so themselves).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: loginSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const deviceId = trustedDeviceId(request, auth.keys.signing, emailKey(request.body.email));
      const address = clientAddress(request);
      const result = await checkPassword(auth, { ...request.body, ip: address ?? '', deviceId });
      if (result.outcome === 'throttled') throw throttledSignIn(result.retryAfterSeconds);
      if (result.outcome === 'rejected') {
        await recordAudit(auth.db, {
          at: auth.clock(),
          actor: result.user?.email ?? null,
          action: 'sign-in',
          address,
          outcome: 'failure',
        });
        // One message for an unknown e-mail and a wrong password: the answer must not confirm that an account exists.
        throw new HttpError(401, 'The e-mail address or the password is not right.');
      }
      if (result.user.totp_secret !== null) {
        await startPendingSignIn(auth.db, request, reply, auth.keys.signing, result.user.id, auth.clock());
        return reply.send({ twoFactorRequired: true });
      }
      return reply.send(await completeSignIn(auth, request, reply, result.user));
    },
  );

  app.post<{ Body: SignInLinkRequest }>(
    '/sign-in-link',
    { schema: signInLinkRequestSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const ip = clientAddress(request) ?? '';
      return reply.code(202).send(await requestSignInLink(auth, signInLinks, request.body.email, ip));
    },
  );

  app.post<{ Params: SignInLinkToken }>(
    '/sign-in-link/:token',
    { schema: signInLinkUseSchema, config: { access: 'anyone' } },
    async (request, reply) => reply.send(await signInWithLink(auth, request, reply, request.params.token)),
  );

  app.post('/logout', { schema: logoutSchema, config: { access: 'anyone' } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token !== undefined) await endSession(auth.db, token);
    if (request.user !== null) {
      await recordAudit(auth.db, {
        at: auth.clock(),
        actor: request.user.email,
        action: 'sign-out',
        target: request.user.sessionId,
        address: clientAddress(request),
      });
    }
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', { schema: meSchema, config: { access: 'account' } }, async (request) => {
    const user = signedInAdmin(request);
    const profile = await findUserById(auth.db, user.id);
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      ...(profile && { slug: profile.slug, bio: profile.bio, avatar: profile.avatar }),
    };
  });

  await app.register(twoFactorRoutes, { ...auth, prefix: '/2fa' });
  await app.register(sessionRoutes, { ...auth, prefix: '/sessions' });
  await app.register(passwordChangeRoutes, { ...auth, prefix: '' });
};
