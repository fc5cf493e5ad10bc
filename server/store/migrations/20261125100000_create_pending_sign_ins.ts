import type { Kysely } from 'kysely';

/**
 * Pending two-factor sign-ins, one row per accepted password: the second factor uses the row up, so the pending
 * cookie signs in once, on any instance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('pending_sign_ins_expires_at').on('pending_sign_ins').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_sign_ins').execute();
}
