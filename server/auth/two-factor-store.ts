import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export async function savePendingSecret(db: Kysely<Database>, userId: string, sealed: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: sealed }).where('id', '=', userId).execute();
}

/**
 * Turns two-factor sign-in on with the confirmed secret and new recovery codes, and ends the user's other
 * sessions, in one transaction.
 */
export async function turnOnTwoFactor(
  db: Kysely<Database>,
  change: { userId: string; sealedSecret: string; step: number; codeHashes: string[]; keptSessionId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: change.sealedSecret, totp_pending_secret: null, totp_last_step: change.step })
      .where('id', '=', change.userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', change.userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(change.codeHashes.map((code_hash) => ({ user_id: change.userId, code_hash })))
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', change.userId)
      .where('id', '<>', change.keptSessionId)
      .execute();
  });
}

export async function turnOffTwoFactor(db: Kysely<Database>, userId: string, keptSessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keptSessionId).execute();
  });
}

/**
 * Records `step` as the last used time step when it is later than the last one; false when it is not (the code was
 * used already). One conditional write, so that two requests with the same code cannot both pass.
 */
export async function claimTimeStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uses up a recovery code: false when the user has no such code (never had, or used it). */
export async function claimRecoveryCode(db: Kysely<Database>, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const { total } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(total);
}
