import { sql, type Kysely } from 'kysely';

/**
 * What each saved version did to its post (created, published, scheduled, edited, restored, autosaved), so that the
 * history says what happened. Versions saved before this was kept are named by their reason alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('post_revisions')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('edited'))
    .execute();
  await db
    .updateTable('post_revisions')
    .set({
      kind: sql`case reason when 'autosave' then 'autosaved' when 'restore' then 'restored' else 'edited' end`,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('post_revisions').dropColumn('kind').execute();
}
