import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export async function insertPendingSignIn(
  db: Kysely<Database>,
  pending: { nonce: string; userId: string; expiresAt: string; now: string },
): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('expires_at', '<=', pending.now).execute();
  await db
    .insertInto('pending_sign_ins')
    .values({ nonce: pending.nonce, user_id: pending.userId, expires_at: pending.expiresAt })
    .execute();
}

/** The user of a pending sign-in that is neither used nor expired. */
export async function findPendingSignInUser(
  db: Kysely<Database>,
  nonce: string,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('pending_sign_ins')
    .select('user_id')
    .where('nonce', '=', nonce)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the pending sign-in up; true for the one caller that did, so two parallel codes cannot both sign in. */
export async function claimPendingSignIn(db: Kysely<Database>, nonce: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_sign_ins').where('nonce', '=', nonce).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
