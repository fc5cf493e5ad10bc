import type { FastifyPluginAsync } from 'fastify';
import { logIn, type AuthSettings } from '../auth/log-in.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/session-cookie.ts';
import { endSession } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';

interface LoginBody {
  email: string;
  password: string;
}

const loginBodySchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
};

const noStore = { 'cache-control': 'no-store' };

export const authRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: { body: loginBodySchema }, config: { allowSignedOut: true } },
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

  app.post('/logout', { config: { allowSignedOut: true } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token !== undefined) await endSession(auth.db, token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/me', async (request, reply) => {
    if (request.user === null) throw new HttpError(401, 'Not signed in.');
    return reply.headers(noStore).send({ name: request.user.name, email: request.user.email });
  });
};
