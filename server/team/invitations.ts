import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AdminUser,
  Invitation as InvitationJson,
  InvitationAcceptance,
  InvitationBody,
} from '../../src/content/types.gen.ts';
import { invitableRoles } from '../../src/domain/team-permissions.ts';
import { completeSignIn } from '../auth/complete-sign-in.ts';
import { queuedHashPassword, type AuthSettings } from '../auth/log-in.ts';
import { passwordProblem } from '../auth/password.ts';
import { requirePermission } from '../auth/permissions.ts';
import type { SignedInUser } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { isUniqueViolation } from '../store/database.ts';
import { findInvitation, insertInvitation, useInvitation } from '../store/team.ts';
import { emailKey, findUserByEmail, findUserById, insertUser } from '../store/users.ts';
import { invitationMail } from './invitation-mail.ts';

/** Where invitations link to and how they are sent. */
export interface InvitationSending {
  /** The public origin, for the links. */
  origin: string;
  brandName: string;
  /** The mail worker; null when SMTP_URL is not set, and the link is only shown to copy. */
  mail: { wake(): void } | null;
}

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

// Enough to catch a slip of the keyboard, as for accounts added from the command line.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A single-use link valid for seven days, for a role the inviter may give; the token is stored hashed. With e-mail
 * set up, the link is also queued to the invited address in the same transaction.
 */
export async function createInvitation(
  auth: AuthSettings,
  inviter: SignedInUser,
  body: InvitationBody,
  sending: InvitationSending,
): Promise<InvitationJson> {
  const email = emailKey(body.email);
  if (!emailShape.test(email)) {
    throw new HttpError(400, `"${body.email}" is not an e-mail address: give one such as writer@example.com.`, [
      { path: '/email', message: 'is not an e-mail address' },
    ]);
  }
  if (body.role === 'owner') {
    throw new HttpError(400, 'The site has one owner, its first admin: invite with another role.', [
      { path: '/role', message: 'must not be owner' },
    ]);
  }
  if (!invitableRoles(inviter.role).includes(body.role)) {
    requirePermission(inviter, 'users', [{ path: '/role', message: 'editors invite authors and contributors only' }]);
  }
  if ((await findUserByEmail(auth.db, email)) !== undefined) {
    throw new HttpError(409, `${email} is a member of the team already: change their role in the list instead.`, [
      { path: '/email', message: 'belongs to a member of the team' },
    ]);
  }
  const token = randomBytes(32).toString('base64url');
  const now = auth.clock();
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs).toISOString();
  const id = randomUUID();
  const url = `${sending.origin}/admin/invitations/${token}`;
  const { mail } = sending;
  const row = {
    id,
    token_hash: hashToken(token),
    email,
    role: body.role,
    invited_by: inviter.id,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    accepted_at: null,
  };
  await insertInvitation(
    auth.db,
    row,
    mail === null
      ? undefined
      : (trx) =>
          enqueueMail(
            trx,
            invitationMail({
              id,
              to: email,
              role: body.role,
              url,
              expiresAt,
              inviter: { name: inviter.name, email: inviter.email },
              brandName: sending.brandName,
            }),
            now,
          ),
  );
  mail?.wake();
  return { _id: id, email, role: body.role, url, expiresAt, emailed: mail !== null };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Makes the invited person a member with the invitation's role and signs them in. 404 for a token that was never
 * issued (whether a token exists is all it says), 410 for a used or expired one.
 */
export async function acceptInvitation(
  auth: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  acceptance: InvitationAcceptance,
): Promise<{ user: AdminUser; email: string }> {
  const invitation = await findInvitation(auth.db, hashToken(token));
  if (invitation === undefined) {
    throw new HttpError(
      404,
      'This invitation link is not valid: check that it was copied whole, or ask for a new one.',
    );
  }
  const now = auth.clock();
  if (invitation.accepted_at !== null) {
    throw new HttpError(410, 'This invitation has been used already: sign in, or ask an administrator for a new one.');
  }
  if (Date.parse(invitation.expires_at) <= now.getTime()) {
    const day = dateFormat.format(new Date(invitation.expires_at));
    throw new HttpError(410, `This invitation expired on ${day}: ask an administrator for a new one.`);
  }
  const name = acceptance.name.trim();
  if (name === '') {
    throw new HttpError(400, 'Give the name to show on your posts.', [{ path: '/name', message: 'must not be blank' }]);
  }
  const problem = passwordProblem(acceptance.password);
  if (problem) throw new HttpError(400, problem, [{ path: '/password', message: problem }]);
  const passwordHash = await queuedHashPassword(auth, acceptance.password);
  if (!(await useInvitation(auth.db, invitation.id, now.toISOString()))) {
    throw new HttpError(410, 'This invitation has been used already: sign in, or ask an administrator for a new one.');
  }
  const id = randomUUID();
  try {
    await insertUser(auth.db, {
      id,
      email: invitation.email,
      name,
      role: invitation.role,
      password_hash: passwordHash,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, `${invitation.email} is a member of the team already: sign in instead.`);
  }
  const user = (await findUserById(auth.db, id))!;
  return { user: await completeSignIn(auth, request, reply, user), email: invitation.email };
}
