import type { FastifyInstance } from 'fastify';
import type { AdminUser, Invitation, TeamRole } from '../../src/content/types.gen.ts';
import { asAdmin, sameOrigin } from './test-requests.ts';

export const memberPassword = 'a passphrase for the new member';
let memberCount = 0;

/** The token at the end of an invitation's link. */
export function invitationToken(invitation: Invitation): string {
  return invitation.url.split('/').at(-1)!;
}

export async function invite(
  app: FastifyInstance,
  inviterCookie: string,
  email: string,
  role: TeamRole,
): Promise<Invitation> {
  const response = await app.inject(
    asAdmin(inviterCookie, { method: 'POST', url: '/api/invitations', payload: { email, role } }),
  );
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.statusCode} ${response.body}`);
  return response.json<Invitation>();
}

/** A member with the role, invited by the owner and signed in through the invitation: their id and cookie. */
export async function addMember(
  app: FastifyInstance,
  ownerCookie: string,
  role: TeamRole,
  name = `A ${role}`,
): Promise<{ user: AdminUser; cookie: string }> {
  const invitation = await invite(app, ownerCookie, `${role}.${(memberCount += 1)}@northbeam.example`, role);
  const response = await app.inject({
    method: 'POST',
    url: `/api/invitations/${invitationToken(invitation)}/accept`,
    headers: sameOrigin,
    payload: { name, password: memberPassword },
  });
  if (response.statusCode !== 201) throw new Error(`acceptance failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((candidate) => candidate.name.includes('session'))!;
  return { user: response.json<AdminUser>(), cookie: `${cookie.name}=${cookie.value}` };
}
