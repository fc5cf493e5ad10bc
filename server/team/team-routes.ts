import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type {
  InvitationAcceptance,
  InvitationBody,
  InvitationIdParams,
  InvitationTokenParams,
  TeamMemberUpdate,
  UserIdParams,
  UserRemovalQuery,
} from '../../src/content/types.gen.ts';
import { auditRequest, recordAudit } from '../audit/index.ts';
import { type AuthSettings, listTeam, signedInAdmin } from '../auth/index.ts';
import { clientAddress } from '../http/client-address.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import {
  acceptInvitation,
  checkInvitation,
  createInvitation,
  listInvitations,
  withdrawInvitation,
  type InvitationSending,
} from './invitations.ts';
import { changeTeamMember, removeTeamMember, toTeamMember } from './team-members.ts';
import {
  acceptInvitationSchema,
  changeUserSchema,
  checkInvitationSchema,
  inviteSchema,
  listInvitationsSchema,
  listUsersSchema,
  removeUserSchema,
  revokeInvitationSchema,
} from './team-schemas.ts';

export interface TeamRoutesOptions {
  auth: AuthSettings;
  /** The cache of visitors' answers: a profile shows on author pages and bylines, a removal moves posts. */
  responses: ResponseCache;
  /** The invitation links' origin, and the mail worker that sends them when e-mail is set up. */
  invitations: InvitationSending;
}

const noStore = { 'cache-control': 'no-store' };

/** The team: members (/users) and invitations (/invitations), as the role table allows. */
export const teamRoutes: FastifyPluginAsync<TeamRoutesOptions> = async (app, { auth, responses, invitations }) => {
  const { db, clock } = auth;
  // Accepting an invitation signs the new member in, which sets the session cookie.
  await app.register(fastifyCookie, { hook: false });

  app.get('/users', { schema: listUsersSchema, config: { access: 'users' } }, async (_request, reply) => {
    return reply.headers(noStore).send((await listTeam(db)).map(toTeamMember));
  });

  app.patch<{ Params: UserIdParams; Body: TeamMemberUpdate }>(
    '/users/:id',
    { schema: changeUserSchema, config: { access: 'account' } },
    async (request, reply) => {
      const { id } = request.params;
      const { member, roleChanged } = await changeTeamMember(db, signedInAdmin(request), id, request.body, clock());
      const profileChanged = Object.keys(request.body).some((field) => field !== 'role');
      if (profileChanged) responses.forget();
      if (roleChanged) await auditRequest(db, request, clock(), { action: 'user-role-change', target: id });
      if (profileChanged) await auditRequest(db, request, clock(), { action: 'user-profile-update', target: id });
      return reply.headers(noStore).send(member);
    },
  );

  app.delete<{ Params: UserIdParams; Querystring: UserRemovalQuery }>(
    '/users/:id',
    { schema: removeUserSchema, config: { access: 'users' } },
    async (request, reply) => {
      const { id } = request.params;
      await removeTeamMember(db, signedInAdmin(request), id, request.query.reassignTo, clock());
      responses.forget();
      await auditRequest(db, request, clock(), { action: 'user-remove', target: id });
      return reply.code(204).send();
    },
  );

  app.post<{ Body: InvitationBody }>(
    '/invitations',
    { schema: inviteSchema, config: { access: 'users:invite' } },
    async (request, reply) => {
      const invitation = await createInvitation(auth, signedInAdmin(request), request.body, invitations);
      await auditRequest(db, request, clock(), { action: 'invitation-create', target: invitation.email });
      return reply.code(201).headers(noStore).send(invitation);
    },
  );

  app.get('/invitations', { schema: listInvitationsSchema, config: { access: 'users' } }, async (_request, reply) => {
    return reply.headers(noStore).send(await listInvitations(auth));
  });

  app.delete<{ Params: InvitationIdParams }>(
    '/invitations/:id',
    { schema: revokeInvitationSchema, config: { access: 'users' } },
    async (request, reply) => {
      await withdrawInvitation(auth, request.params.id);
      await auditRequest(db, request, clock(), { action: 'invitation-revoke', target: request.params.id });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: InvitationTokenParams }>(
    '/invitations/:token',
    { schema: checkInvitationSchema, config: { access: 'anyone' } },
    async (request, reply) => reply.headers(noStore).send(await checkInvitation(auth, request.params.token)),
  );

  app.post<{ Params: InvitationTokenParams; Body: InvitationAcceptance }>(
    '/invitations/:token/accept',
    { schema: acceptInvitationSchema, config: { access: 'anyone' } },
    async (request, reply) => {
      const { user, email } = await acceptInvitation(auth, request, reply, request.params.token, request.body);
      await recordAudit(db, {
        at: clock(),
        actor: email,
        action: 'invitation-accept',
        target: user._id,
        address: clientAddress(request),
      });
      return reply.code(201).headers(noStore).send(user);
    },
  );
};
