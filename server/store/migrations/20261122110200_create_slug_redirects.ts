import type { Kysely } from 'kysely';

/**
 * Slugs a post no longer uses, pointing at the post's id (so a chain of renames is always one hop); rows whose post
 * is gone mark a deleted post's addresses. Not a foreign key: the row must outlive its post.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slug_redirects')
    .addColumn('slug', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('slug_redirects_post_id').on('slug_redirects').column('post_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('slug_redirects').execute();
}
