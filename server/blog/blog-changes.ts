import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

/** Counts the write being made in this transaction, so that every server instance sees that posts changed. */
export async function recordBlogChange(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('blog_changes')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** How many writes of posts the database has seen; it changes whenever any instance writes a post. */
export async function readBlogVersion(db: Kysely<Database>): Promise<number> {
  const { version } = await db
    .selectFrom('blog_changes')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(version);
}
