import type { Kysely } from 'kysely';

/** Saved versions of posts: the newest 25 per post are kept, and they go with their post. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_revisions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    // Every field of the post as the API sends it, as JSON: a revision never needs querying inside.
    .addColumn('snapshot', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('post_revisions_post_id_created_at')
    .on('post_revisions')
    .columns(['post_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_revisions').execute();
}
