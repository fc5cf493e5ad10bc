import type { Kysely } from 'kysely';

/**
 * The commit the content studio last saved, one row per git branch: written in the save's transaction with its audit
 * entry, and watched by every instance, which pulls and rebuilds when it moves (docs/decisions/0012).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_heads')
    .addColumn('branch', 'text', (column) => column.primaryKey())
    .addColumn('head', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_heads').execute();
}
