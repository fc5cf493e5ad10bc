import type { Kysely, Selectable } from 'kysely';
import type { Database, SignInLinkTable } from '../store/schema.ts';

export type SignInLinkRow = Selectable<SignInLinkTable>;

export async function insertSignInLink(db: Kysely<Database>, row: SignInLinkRow): Promise<void> {
  await db.insertInto('sign_in_links').values(row).execute();
}

/** How many links were asked for since `since` from one requester network, and the oldest's time. */
export async function countNetworkRequestsSince(
  db: Kysely<Database>,
  network: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('sign_in_links')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('requested_at').as('oldest')])
    .where('ip', '=', network)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

/**
 * The links mailed to an address (the rows holding a token: a request that mailed nothing holds none) since `since`,
 * and how many of them still work at `now` (unused and unexpired).
 */
export async function countMailedLinks(
  db: Kysely<Database>,
  emailKey: string,
  since: string,
  now: string,
): Promise<{ mailed: number; working: number }> {
  const row = await db
    .selectFrom('sign_in_links')
    .select((eb) => [
      eb.fn.countAll().as('mailed'),
      eb.fn
        .count('id')
        .filterWhere((w) => w.and([w('used_at', 'is', null), w('expires_at', '>', now)]))
        .as('working'),
    ])
    .where('email_key', '=', emailKey)
    .where('token_hash', 'is not', null)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return { mailed: Number(row.mailed), working: Number(row.working) };
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
