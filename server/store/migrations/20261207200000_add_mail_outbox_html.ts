import type { Kysely } from 'kysely';

/**
 * A queued mail may have an HTML part beside its text: the newsletter's confirmation is designed like the posts' e-mails
 * (docs/decisions/0036). Null for the plain notices, which stay text only. Another migration may have added the same
 * column first: then there is nothing to do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const outbox = (await db.introspection.getTables()).find((table) => table.name === 'mail_outbox');
  if (outbox?.columns.some((column) => column.name === 'html')) return;
  await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
}
