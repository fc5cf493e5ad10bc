import type { Kysely } from 'kysely';

/**
 * An invitation can be withdrawn (by an administrator, or because its inviter left or lost the right to give its
 * role): it is kept, marked, so that its link says so, and so that it still counts towards its inviter's hourly limit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'text').execute();
  await db.schema
    .createIndex('invitations_invited_by')
    .on('invitations')
    .columns(['invited_by', 'created_at'])
    .execute();
  await db.schema.createIndex('invitations_expires_at').on('invitations').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invitations_expires_at').execute();
  await db.schema.dropIndex('invitations_invited_by').execute();
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
}
