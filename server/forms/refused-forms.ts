import type { Kysely } from 'kysely';
import type { Database, RefusedFormTable } from '../store/schema.ts';

/** Keeps a refused form, and forgets every one past its time while at it. */
export async function insertRefusedForm(db: Kysely<Database>, row: RefusedFormTable, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('refused_forms').where('expires_at', '<=', now.toISOString()).execute();
    await trx.insertInto('refused_forms').values(row).execute();
  });
}

/** The refused form kept under this id for this page, while it is kept. */
export async function findRefusedForm(
  db: Kysely<Database>,
  id: string,
  page: string,
  now: Date,
): Promise<RefusedFormTable | undefined> {
  return db
    .selectFrom('refused_forms')
    .selectAll()
    .where('id', '=', id)
    .where('page', '=', page)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Erasure: the refused forms in which this e-mail was typed. */
export async function deleteRefusedFormsOfEmail(db: Kysely<Database>, emailKey: string): Promise<number> {
  const result = await db.deleteFrom('refused_forms').where('email_key', '=', emailKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets the refused forms past their hour: retention runs it, as a form refused last may stay otherwise. */
export async function pruneRefusedForms(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('refused_forms').where('expires_at', '<=', now.toISOString()).execute();
}
