import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Leads (enquiries and job applications) with their notes, status history and CVs; the mail outbox that
 * notifies of them; and the posts per address that the forms' spam limits count. The CV's bytes live in the
 * database like media, so that every instance and every backup has them, in their own table so that lists never
 * read them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('service', 'text')
    .addColumn('budget', 'text')
    .addColumn('message', 'text')
    .addColumn('role', 'text')
    .addColumn('cover_letter', 'text')
    .addColumn('consent_text', 'text', (column) => column.notNull())
    .addColumn('landing_page', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('spam_reason', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('leads_created_at').on('leads').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('leads_status').on('leads').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('leads_email_key').on('leads').column('email_key').execute();

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('lead_id', 'text', (column) => column.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead_id').on('lead_notes').columns(['lead_id', 'at']).execute();

  await db.schema
    .createTable('lead_status_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('lead_id', 'text', (column) => column.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('changed_by', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('lead_status_changes_lead_id')
    .on('lead_status_changes')
    .columns(['lead_id', 'at'])
    .execute();

  await db.schema
    .createTable('lead_files')
    .addColumn('lead_id', 'text', (column) => column.primaryKey().references('leads.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('mime_type', 'text', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('data', binary, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('recipients', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('about', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('leased_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_about').on('mail_outbox').column('about').execute();

  await db.schema
    .createTable('form_posts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('form', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('posted_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('form_posts_address')
    .on('form_posts')
    .columns(['address', 'form', 'posted_at'])
    .execute();
  await db.schema.createIndex('form_posts_posted_at').on('form_posts').column('posted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_posts').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('lead_files').execute();
  await db.schema.dropTable('lead_status_changes').execute();
  await db.schema.dropTable('lead_notes').execute();
  await db.schema.dropTable('leads').execute();
}
