import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** Records the commit a save made on a branch; call it in the save's transaction. */
export async function writeContentHead(db: Kysely<Database>, branch: string, head: string, at: Date): Promise<void> {
  await db
    .insertInto('content_heads')
    .values({ branch, head, changed_at: at.toISOString() })
    .onConflict((conflict) => conflict.column('branch').doUpdateSet({ head, changed_at: at.toISOString() }))
    .execute();
}

/** The commit last saved on a branch by any instance, or undefined before the first save. */
export async function readContentHead(db: Kysely<Database>, branch: string): Promise<string | undefined> {
  const row = await db.selectFrom('content_heads').select('head').where('branch', '=', branch).executeTakeFirst();
  return row?.head;
}
