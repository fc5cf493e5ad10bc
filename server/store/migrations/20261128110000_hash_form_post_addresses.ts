import type { Kysely } from 'kysely';

/**
 * The forms' spam limits keep an address only as a keyed hash of its network (an IPv6 address's /64), and each form
 * token once used, so that it cannot be used again. Rows of raw addresses are dropped: they counted a day at most.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('form_posts').execute();
  await db.schema.alterTable('form_posts').addColumn('token', 'text').execute();
  await db.schema.createIndex('form_posts_token').on('form_posts').column('token').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('form_posts_token').execute();
  await db.schema.alterTable('form_posts').dropColumn('token').execute();
}
