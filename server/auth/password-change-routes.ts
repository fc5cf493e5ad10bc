import type { FastifyPluginAsync } from 'fastify';
import type { PasswordChange } from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { queuedHashPassword, type AuthSettings } from './log-in.ts';
import { passwordLength, passwordProblem } from './password.ts';
import { confirmCurrentPassword } from './reauthenticate.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { HttpError } from '../http/errors.ts';
import { replacePasswordHash } from './users.ts';
import { signedInAdmin } from './guard.ts';

const passwordChangeSchema = {
  summary: 'Change the password',
  description:
    'Needs the current password (403 naming `/currentPassword` without it or when it is wrong; throttled like signing in). Ends every other session of the admin.',
  tags: ['auth'],
  body: schemaRef('security/password-change.schema.json'),
  response: {
    204: emptyResponse('The password is changed; this session goes on, every other one has ended.'),
    ...errorResponses(400, 401, 403, 429, 503),
  },
};

export const passwordChangeRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.post<{ Body: PasswordChange }>(
    '/password',
    { schema: passwordChangeSchema, config: { access: 'account' } },
    async (request, reply) => {
      const problem = passwordProblem(request.body.newPassword);
      if (problem) {
        const tooShort = [...request.body.newPassword].length < passwordLength.min;
        const detail = tooShort
          ? `must have at least ${passwordLength.min} characters`
          : `must have at most ${passwordLength.max} characters`;
        throw new HttpError(400, problem, [{ path: '/newPassword', message: detail }]);
      }
      const user = await confirmCurrentPassword(auth, request, request.body.currentPassword, 'password-change');
      const hash = await queuedHashPassword(auth, request.body.newPassword);
      const now = auth.clock();
      await replacePasswordHash(auth.db, user.id, hash, now.toISOString(), signedInAdmin(request).sessionId);
      await auditRequest(auth.db, request, now, { action: 'password-change' });
      return reply.code(204).send();
    },
  );
};
