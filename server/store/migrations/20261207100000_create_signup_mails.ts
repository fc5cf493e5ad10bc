import type { Kysely } from 'kysely';

/**
 * The e-mails the newsletter's signup sent to addresses typed by anyone (confirmation links and "you are subscribed"
 * notes), one row each with a keyed hash of the requester's network (an IPv4 /24 or an IPv6 /64): the caps per hour
 * for the whole site and per network count them, on every instance. And an HTML part for the outbox's mails, which
 * were plain text only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_mails')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('signup_mails_sent_at').on('signup_mails').column('sent_at').execute();
  await db.schema.createIndex('signup_mails_network').on('signup_mails').columns(['network', 'sent_at']).execute();
  const outbox = (await db.introspection.getTables()).find((table) => table.name === 'mail_outbox');
  if (!outbox?.columns.some((column) => column.name === 'html')) {
    await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
  await db.schema.dropTable('signup_mails').execute();
}
