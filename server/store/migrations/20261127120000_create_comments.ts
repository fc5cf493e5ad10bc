import type { Kysely } from 'kysely';

/**
 * Readers' comments on posts, with their moderation state, and the post's switch that closes them. The commenter's
 * address is kept only as a keyed hash: enough for the "approved before" rule, useless to anyone reading a backup.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('comments_open', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (column) => column.references('comments.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('author_name', 'text', (column) => column.notNull())
    .addColumn('author_email', 'text')
    .addColumn('email_key', 'text')
    .addColumn('address_hash', 'text')
    .addColumn('by_agency', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('spam_reason', 'text')
    .addColumn('lead_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // The moderation queue: one status, newest first.
  await db.schema.createIndex('comments_status').on('comments').columns(['status', 'created_at', 'id']).execute();
  // The post page: one post's approved comments, oldest first.
  await db.schema
    .createIndex('comments_post')
    .on('comments')
    .columns(['post_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  // "Approved before": by e-mail or by address.
  await db.schema.createIndex('comments_email_key').on('comments').columns(['email_key', 'status']).execute();
  await db.schema.createIndex('comments_address_hash').on('comments').columns(['address_hash', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comments').execute();
  await db.schema.alterTable('posts').dropColumn('comments_open').execute();
}
