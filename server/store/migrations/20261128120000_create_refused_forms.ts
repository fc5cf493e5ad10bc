import type { Kysely } from 'kysely';

/**
 * Public forms sent without JavaScript and refused: what was typed and what was wrong, kept for an hour under the
 * hash of a random token, so that the form's own page shows them again (Post/Redirect/Get) instead of an API address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refused_forms')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('page', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text')
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('refused_forms_expires_at').on('refused_forms').column('expires_at').execute();
  await db.schema.createIndex('refused_forms_email_key').on('refused_forms').column('email_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refused_forms').execute();
}
