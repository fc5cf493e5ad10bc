import type { Kysely } from 'kysely';

/**
 * The newsletter's subscribers, one row per address (its lower-cased key is unique): status, the consent given (its
 * words, when, and on what basis), the confirmation link last sent (by the moment it was signed), and where the visit
 * that subscribed came from, as leads keep it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('consent_text', 'text', (column) => column.notNull())
    .addColumn('consent_basis', 'text', (column) => column.notNull())
    .addColumn('consented_at', 'text')
    .addColumn('confirm_sent_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('subscribers_status').on('subscribers').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('subscribers_created_at').on('subscribers').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscribers').execute();
}
