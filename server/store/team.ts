import type { Kysely, Selectable } from 'kysely';
import type { TeamRole } from '../../src/content/types.gen.ts';
import { recordBlogChange } from './blog-changes.ts';
import type { Database, InvitationTable } from './schema.ts';
import { hasPublishedPost } from './authors.ts';
import { freeAuthorSlug, type User } from './users.ts';

export type Invitation = Selectable<InvitationTable>;

/** Every member of the team, the owner first, then by name. */
export async function listTeam(db: Kysely<Database>): Promise<User[]> {
  const users = await db.selectFrom('users').selectAll().orderBy('name').orderBy('email').execute();
  return users.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

export async function changeRole(db: Kysely<Database>, id: string, role: TeamRole, at: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).execute();
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

/** Removes a user in one transaction: their posts and images pass to `heir`, their sessions end. */
export async function removeUser(db: Kysely<Database>, id: string, heir: User | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (heir !== undefined) {
      await trx
        .updateTable('posts')
        .set({ author_id: heir.id, author: heir.name })
        .where('author_id', '=', id)
        .execute();
      await trx.updateTable('media').set({ uploaded_by_id: heir.id }).where('uploaded_by_id', '=', id).execute();
    }
    await trx.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
    await trx.deleteFrom('pending_sign_ins').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordBlogChange(trx);
  });
}

/**
 * A new invitation replaces any earlier one to the same address that was not used. `alongside` runs in the same
 * transaction, such as queueing its e-mail: both are written or neither.
 */
export async function insertInvitation(
  db: Kysely<Database>,
  invitation: Invitation,
  alongside?: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('invitations')
      .where('email', '=', invitation.email)
      .where('accepted_at', 'is', null)
      .execute();
    await trx.insertInto('invitations').values(invitation).execute();
    await alongside?.(trx);
  });
}

export async function findInvitation(db: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the invitation up; false when another request used it first. */
export async function useInvitation(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
