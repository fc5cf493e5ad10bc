import type { FastifyPluginAsync } from 'fastify';
import { logIn, type AuthSettings } from '../auth/log-in.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/session-cookie.ts';
import { endSession } from '../auth/sessions.ts';
import type { LoginBody } from '../../src/content/types.gen.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { HttpError } from '../http/errors.ts';

const adminUser = schemaRef('api/admin-user.schema.json', 'The signed-in admin.');

const loginSchema = {
  summary: 'Sign in',
  description: 'Starts an admin session: the answer sets its cookie. Failed attempts are throttled (429).',
  tags: ['auth'],
  body: schemaRef('api/login-body.schema.json'),
  response: { 200: adminUser, ...errorResponses(400, 401, 403, 413, 415, 429, 500) },
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

const noStore = { 'cache-control': 'no-store' };

export const authRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: loginSchema, config: { allowSignedOut: true } },
    async (request, reply) => {
      const result = await logIn(auth, { ...request.body, ip: request.ip });
      if (result.outcome === 'throttled') {
        throw new HttpError(429, 'Too many failed sign-in attempts. Wait a few minutes, then try again.', [], {
          'retry-after': String(result.retryAfterSeconds),
        });
      }
      // One message for an unknown e-mail and a wrong password: the answer must not confirm that an account exists.
      if (result.outcome === 'rejected') throw new HttpError(401, 'The e-mail address or the password is not right.');

      const previousToken = readSessionToken(request);
      if (previousToken !== undefined) await endSession(auth.db, previousToken);
      setSessionCookie(request, reply, result.token);
      return reply.headers(noStore).send({ name: result.user.name, email: result.user.email });
    },
  );

  app.post('/logout', { schema: logoutSchema, config: { allowSignedOut: true } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token !== undefined) await endSession(auth.db, token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', { schema: meSchema }, async (request, reply) => {
    if (request.user === null) throw new HttpError(401, 'Not signed in.');
    return reply.headers(noStore).send({ name: request.user.name, email: request.user.email });
  });
};
