import type { FastifyPluginAsync } from 'fastify';
import { auditRequest } from '../audit/index.ts';
import type { AuthSettings } from './log-in.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { HttpError } from '../http/errors.ts';
import { deleteOtherSessions, deleteUserSession, listUserSessions } from './session-store.ts';
import { signedInAdmin } from './guard.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';

/** The signed-in admin's own sessions: listed, and ended one by one or all but this one. */
export const sessionRoutes: FastifyPluginAsync<AuthSettings> = async (app, auth) => {
  app.get(
    '/',
    {
      schema: {
        response: {
          200: { type: 'array', items: schemaRef('security/admin-session.schema.json') },
          ...errorResponses(401),
        },
      },
      config: { access: 'account' },
    },
    async (request) => {
      const user = signedInAdmin(request);
      const sessions = await listUserSessions(auth.db, user.id);
      return sessions.map((session) => ({
        _id: session.id,
        createdAt: session.created_at,
        lastSeenAt: session.last_seen_at,
        userAgent: session.user_agent,
        address: session.address,
        current: session.id === user.sessionId,
      }));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        params: schemaRef('security/session-id.schema.json'),
        response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'account' },
    },
    async (request, reply) => {
      const user = signedInAdmin(request);
      if (!(await deleteUserSession(auth.db, user.id, request.params.id))) {
        throw new HttpError(404, 'You have no session with this id: it may have ended already. Reload the list.');
      }
      await auditRequest(auth.db, request, auth.clock(), { action: 'session-revoke', target: request.params.id });
      if (request.params.id === user.sessionId) clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/',
    {
      schema: { response: { 200: schemaRef('security/sessions-ended.schema.json'), ...errorResponses(401, 403) } },
      config: { access: 'account' },
    },
    async (request) => {
      const user = signedInAdmin(request);
      const ended = await deleteOtherSessions(auth.db, user.id, user.sessionId);
      await auditRequest(auth.db, request, auth.clock(), { action: 'session-revoke', target: 'all other sessions' });
      return { ended };
    },
  );
};
