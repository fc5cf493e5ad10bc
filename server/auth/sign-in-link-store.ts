import type { Kysely, Selectable } from 'kysely';
import type { Database, SignInLinkTable } from '../store/schema.ts';

export type SignInLinkRow = Selectable<SignInLinkTable>;

export async function insertSignInLink(db: Kysely<Database>, row: SignInLinkRow): Promise<void> {
  await db.insertInto('sign_in_links').values(row).execute();
}

/** How many links were asked for since `since`, for one address or from one network; and the oldest's time. */
export async function countSignInLinksSince(
  db: Kysely<Database>,
  where: { email_key: string } | { ip: string },
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  let query = db
    .selectFrom('sign_in_links')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('requested_at').as('oldest')])
    .where('requested_at', '>', since);
  query = 'email_key' in where ? query.where('email_key', '=', where.email_key) : query.where('ip', '=', where.ip);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

export async function findSignInLink(db: Kysely<Database>, tokenHash: string): Promise<SignInLinkRow | undefined> {
  return db.selectFrom('sign_in_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the link up; true for the one caller that did, while it lasted. */
export async function claimSignInLink(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the requests made before `before`: their links have expired, and they no longer count for the limits. */
export async function deleteSignInLinksRequestedBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('sign_in_links').where('requested_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
