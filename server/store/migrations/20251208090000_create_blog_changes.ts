import type { Kysely } from 'kysely';

/** One row whose version goes up with every write of a post, so that server instances notice each other's writes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_changes')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.insertInto('blog_changes').values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_changes').execute();
}
