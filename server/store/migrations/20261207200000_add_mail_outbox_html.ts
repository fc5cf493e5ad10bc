import type { Kysely } from 'kysely';

/**
 * A queued mail may have an HTML part beside its text: the newsletter's confirmation is designed like the posts' e-mails
 * (docs/decisions/0036). Null for the plain notices, which stay text only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
}
