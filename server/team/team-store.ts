import type { Kysely, Selectable } from 'kysely';
import type { TeamRole } from '../../src/content/types.gen.ts';
import { hasPublishedPost, recordBlogChange } from '../blog/index.ts';
import type { Database, InvitationTable } from '../store/schema.ts';
import { freeAuthorSlug, type User } from '../auth/index.ts';

export type Invitation = Selectable<InvitationTable>;

/** A new role; the open invitations the member sent for roles `invitable` no longer holds are withdrawn with it. */
export async function changeRole(
  db: Kysely<Database>,
  id: string,
  role: TeamRole,
  invitable: readonly TeamRole[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).execute();
    await revokeInvitationsBy(trx, id, invitable, at);
  });
}

export interface ProfileChange {
  name?: string;
  bio?: string | null;
  avatar?: string | null;
}

/**
 * A new display name is shown on the author's posts and page at once: the posts' signature follows it. The address
 * of the author page (the slug) follows the name only while no post of theirs is published (scheduled ones count):
 * once readers, feeds and search engines know the page, its address stays. Every change of a profile counts as a
 * change of the blog, so that kept answers (author pages, bylines) are forgotten on every server instance.
 */
export async function changeProfile(
  db: Kysely<Database>,
  id: string,
  change: ProfileChange,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const slug =
      change.name !== undefined && !(await hasPublishedPost(trx, id))
        ? await freeAuthorSlug(trx, change.name, id)
        : undefined;
    await trx
      .updateTable('users')
      .set({ ...change, ...(slug !== undefined && { slug }), updated_at: at })
      .where('id', '=', id)
      .execute();
    if (change.name !== undefined) {
      await trx.updateTable('posts').set({ author: change.name }).where('author_id', '=', id).execute();
    }
    await recordBlogChange(trx);
  });
}

export async function countPostsBy(db: Kysely<Database>, authorId: string): Promise<number> {
  const { total } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Removes a user in one transaction: their posts and images pass to `heir`, their sessions end, and the invitations
 * they sent that are still open are withdrawn.
 */
export async function removeUser(db: Kysely<Database>, id: string, heir: User | undefined, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (heir !== undefined) {
      await trx
        .updateTable('posts')
        .set({ author_id: heir.id, author: heir.name })
        .where('author_id', '=', id)
        .execute();
      await trx.updateTable('media').set({ uploaded_by_id: heir.id }).where('uploaded_by_id', '=', id).execute();
    }
    await revokeInvitationsBy(trx, id, null, at);
    await trx.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
    await trx.deleteFrom('pending_sign_ins').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordBlogChange(trx);
  });
}

/**
 * Withdraws the open invitations `inviterId` sent, but those for a role in `stillAllowed` (null: every one): an
 * inviter who leaves or loses the right to give a role leaves no working link behind.
 */
export async function revokeInvitationsBy(
  db: Kysely<Database>,
  inviterId: string,
  stillAllowed: readonly TeamRole[] | null,
  at: string,
): Promise<number> {
  let update = db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('invited_by', '=', inviterId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (stillAllowed !== null && stillAllowed.length > 0) update = update.where('role', 'not in', [...stillAllowed]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A new invitation replaces (withdraws) any earlier one to the same address that is still open. `alongside` runs in
 * the same transaction, such as queueing its e-mail: all are written or none.
 */
export async function insertInvitation(
  db: Kysely<Database>,
  invitation: Invitation,
  alongside?: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invitations')
      .set({ revoked_at: invitation.created_at })
      .where('email', '=', invitation.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx.insertInto('invitations').values(invitation).execute();
    await alongside?.(trx);
  });
}

export async function findInvitation(db: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The invitation to `email` that still works at `now`, if any. */
export async function findOpenInvitationTo(
  db: Kysely<Database>,
  email: string,
  now: string,
): Promise<Invitation | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** How many invitations `inviterId` sent since `since`, replaced and withdrawn ones included; and the oldest's time. */
export async function countInvitationsSince(
  db: Kysely<Database>,
  inviterId: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('invited_by', '=', inviterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

export type OpenInvitation = Invitation & { inviter_name: string | null; inviter_email: string | null };

/** Every invitation that still works at `now`, the soonest to expire first, with who sent it. */
export async function listOpenInvitations(db: Kysely<Database>, now: string): Promise<OpenInvitation[]> {
  return db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .selectAll('invitations')
    .select(['users.name as inviter_name', 'users.email as inviter_email'])
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .where('invitations.expires_at', '>', now)
    .orderBy('invitations.expires_at')
    .orderBy('invitations.id')
    .execute();
}

/** Withdraws an open invitation; false when there is none by that id still open. */
export async function revokeInvitation(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes every invitation that expired before `before`, used or not: its link says nothing any more. */
export async function deleteInvitationsExpiredBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('invitations').where('expires_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Uses the invitation up; false when another request used it first, or it was withdrawn meanwhile. */
export async function useInvitation(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
