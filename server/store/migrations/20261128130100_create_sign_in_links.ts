import type { Kysely } from 'kysely';

/**
 * Requests for an e-mailed sign-in link, one row each, for a member's address or not (so that the limits per
 * address and per account say nothing about who is a member). A member's row holds the hash of the link's token,
 * which works once for fifteen minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (column) => column.unique())
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('sign_in_links_email_key')
    .on('sign_in_links')
    .columns(['email_key', 'requested_at'])
    .execute();
  await db.schema.createIndex('sign_in_links_ip').on('sign_in_links').columns(['ip', 'requested_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_links').execute();
}
