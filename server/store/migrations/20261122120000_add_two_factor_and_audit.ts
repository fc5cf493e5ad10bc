import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in, listed sessions, trusted devices and the audit log. Sessions get a public id (the token hash
 * must never reach a page) and what the admin needs to recognise them: browser and address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  const sessions = await db.selectFrom('sessions').select('token_hash').execute();
  for (const { token_hash } of sessions) {
    await db.updateTable('sessions').set({ id: randomUUID() }).where('token_hash', '=', token_hash).execute();
  }
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();

  await db.schema.alterTable('login_failures').addColumn('device_id', 'text').execute();
  await db.schema
    .createIndex('login_failures_device_id')
    .on('login_failures')
    .columns(['device_id', 'failed_at'])
    .execute();

  // Keys every instance shares: the device cookies' HMAC key and the key that encrypts TOTP secrets.
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target', 'text')
    .addColumn('address', 'text')
    .addColumn('outcome', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropIndex('login_failures_device_id').execute();
  await db.schema.alterTable('login_failures').dropColumn('device_id').execute();
  await db.schema.dropIndex('sessions_id').execute();
  for (const column of ['address', 'user_agent', 'id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
