import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AdminUser,
  Invitation as InvitationJson,
  InvitationAcceptance,
  InvitationBody,
  InvitationCheck,
  OpenInvitation,
} from '../../src/content/types.gen.ts';
import { invitableRoles, roleNames } from '../../src/domain/team-permissions.ts';
import {
  type AuthSettings,
  completeSignIn,
  emailKey,
  findUserByEmail,
  findUserById,
  insertUser,
  passwordProblem,
  queuedHashPassword,
  requirePermission,
  type SignedInUser,
} from '../auth/index.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { isUniqueViolation } from '../store/database.ts';
import {
  countInvitationsSince,
  findInvitation,
  findOpenInvitationTo,
  insertInvitation,
  listOpenInvitations,
  revokeInvitation,
  useInvitation,
  type Invitation,
} from './team-store.ts';
import { invitationMail } from './invitation-mail.ts';
import { singleLine } from '../../src/domain/single-line.ts';

/** Where invitations link to and how they are sent. */
export interface InvitationSending {
  /** The public origin, for the links. */
  origin: string;
  brandName: string;
  /** The mail worker; null when SMTP_URL is not set, and the link is only shown to copy. */
  mail: { wake(): void } | null;
}

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Invitations one member may send in an hour: enough for a new team, too few to mail-bomb through the outbox. */
export const maxInvitationsPerHour = 20;
const hourMs = 60 * 60 * 1000;

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
  const now = auth.clock();
  const open = await findOpenInvitationTo(auth.db, email, now.toISOString());
  if (open !== undefined && !invitableRoles(inviter.role).includes(open.role)) {
    const role = roleNames[open.role].toLowerCase();
    throw new HttpError(
      409,
      `${email} is invited already, as ${role}, which your role cannot give: ask an administrator to change it.`,
      [{ path: '/email', message: `has an open invitation as ${role}` }],
    );
  }
  const sent = await countInvitationsSince(auth.db, inviter.id, new Date(now.getTime() - hourMs).toISOString());
  if (sent.count >= maxInvitationsPerHour && sent.oldest !== null) {
    const seconds = Math.max(1, Math.ceil((Date.parse(sent.oldest) + hourMs - now.getTime()) / 1000));
    throw new HttpError(
      429,
      `You have sent ${sent.count} invitations in the last hour, the most one person may: try again in ${Math.ceil(seconds / 60)} minutes.`,
      [],
      { 'retry-after': String(seconds) },
    );
  }
  const token = randomBytes(32).toString('base64url');
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
    revoked_at: null,
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

const usedAlready = () =>
  new HttpError(410, 'This invitation has been used already: sign in, or ask an administrator for a new one.');
const withdrawn = () =>
  new HttpError(410, 'This invitation has been withdrawn: ask an administrator for a new one if you still need it.');

/**
 * The invitation a token names while it works: 404 for a token never issued (whether a token exists is all it says),
 * 410 in words for a used, withdrawn or expired one, or one whose inviter has since lost the right to give its role.
 */
async function workingInvitation(auth: AuthSettings, token: string, now: Date): Promise<Invitation> {
  const invitation = await findInvitation(auth.db, hashToken(token));
  if (invitation === undefined) {
    throw new HttpError(
      404,
      'This invitation link is not valid: check that it was copied whole, or ask for a new one.',
    );
  }
  if (invitation.accepted_at !== null) throw usedAlready();
  if (invitation.revoked_at !== null) throw withdrawn();
  if (Date.parse(invitation.expires_at) <= now.getTime()) {
    const day = dateFormat.format(new Date(invitation.expires_at));
    throw new HttpError(410, `This invitation expired on ${day}: ask an administrator for a new one.`);
  }
  const inviter = invitation.invited_by === null ? undefined : await findUserById(auth.db, invitation.invited_by);
  if (inviter === undefined || !invitableRoles(inviter.role).includes(invitation.role)) throw withdrawn();
  return invitation;
}

/** What a working link offers, for the page that accepts it; refuses as accepting would. */
export async function checkInvitation(auth: AuthSettings, token: string): Promise<InvitationCheck> {
  const invitation = await workingInvitation(auth, token, auth.clock());
  return { email: invitation.email, role: invitation.role, expiresAt: invitation.expires_at };
}

/** Every invitation whose link still works, with who sent it. */
export async function listInvitations(auth: AuthSettings): Promise<OpenInvitation[]> {
  const rows = await listOpenInvitations(auth.db, auth.clock().toISOString());
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    invitedBy:
      row.invited_by !== null && row.inviter_name !== null && row.inviter_email !== null
        ? { _id: row.invited_by, name: row.inviter_name, email: row.inviter_email }
        : null,
  }));
}

/** Withdraws an open invitation: its link then answers 410. 404 when there is no open invitation by that id. */
export async function withdrawInvitation(auth: AuthSettings, id: string): Promise<void> {
  if (!(await revokeInvitation(auth.db, id, auth.clock().toISOString()))) {
    throw new HttpError(404, 'There is no such open invitation: it may have been used, withdrawn or expired already.');
  }
}

/**
 * Makes the invited person a member with the invitation's role and signs them in. Refuses a link as
 * `workingInvitation` says.
 */
export async function acceptInvitation(
  auth: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  acceptance: InvitationAcceptance,
): Promise<{ user: AdminUser; email: string }> {
  const now = auth.clock();
  const invitation = await workingInvitation(auth, token, now);
  // One line: the name is shown in e-mails to others (an invitation's sender), where a line break would forge lines.
  const name = singleLine(acceptance.name);
  if (name === '') {
    throw new HttpError(400, 'Give the name to show on your posts.', [{ path: '/name', message: 'must not be blank' }]);
  }
  const problem = passwordProblem(acceptance.password);
  if (problem) throw new HttpError(400, problem, [{ path: '/password', message: problem }]);
  const passwordHash = await queuedHashPassword(auth, acceptance.password);
  if (!(await useInvitation(auth.db, invitation.id, now.toISOString()))) throw usedAlready();
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
