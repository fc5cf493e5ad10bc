import type { Kysely } from 'kysely';

/**
 * A post sent to the newsletter's subscribers: one send per post (`once_key` is the post's id, unique; a test send to
 * a member leaves it null), its e-mail rendered once, and one message row per recipient written in the send's own
 * transaction. The messages are the newsletter's outbox: each is leased by one worker, retried with back-off, and
 * marked sent, refused or skipped. `newsletter_pace` holds the next free moment of the rate that every instance shares.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('once_key', 'text', (column) => column.unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('marker', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('newsletter_messages')
    .addColumn('send_id', 'text', (column) => column.notNull().references('newsletter_sends.id').onDelete('cascade'))
    .addColumn('recipient_key', 'text', (column) => column.notNull())
    .addColumn('subscriber_id', 'text')
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('leased_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('newsletter_messages_pk', ['send_id', 'recipient_key'])
    .execute();
  await db.schema
    .createIndex('newsletter_messages_due')
    .on('newsletter_messages')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_messages_subscriber')
    .on('newsletter_messages')
    .column('subscriber_id')
    .execute();
  await db.schema
    .createTable('newsletter_pace')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('next_ms', 'bigint', (column) => column.notNull())
    .execute();
  await db.insertInto('newsletter_pace').values({ id: 'newsletter', next_ms: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_pace').execute();
  await db.schema.dropTable('newsletter_messages').execute();
  await db.schema.dropTable('newsletter_sends').execute();
}
