import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('summary', 'text')
    .addColumn('tags', 'text', (column) => column.notNull())
    .addColumn('categories', 'text', (column) => column.notNull())
    .addColumn('cover_image', 'text')
    .addColumn('published_at', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('content_format', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    // The large columns come last: SQLite then reads the short ones of a row without following overflow pages.
    .addColumn('content', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('posts_status_published_at').on('posts').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('post_terms')
    .addColumn('taxonomy', 'text', (column) => column.notNull())
    .addColumn('term_key', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text', (column) => column.notNull().references('posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_terms_pk', ['taxonomy', 'term_key', 'post_id'])
    .execute();
  await db.schema.createIndex('post_terms_post_id').on('post_terms').column('post_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_terms').execute();
  await db.schema.dropTable('posts').execute();
}
