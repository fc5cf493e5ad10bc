import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../store/schema.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertOutboxMail(db: Kysely<Database>, row: OutboxRow): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** Unsent mails due now whose lease, if any, has run out: candidates to claim, oldest first. */
export async function dueOutboxMails(db: Kysely<Database>, now: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes the lease on one mail; true when this caller got it. One conditional UPDATE: of two workers that saw the
 * same free mail, only one changes the row.
 */
export async function leaseOutboxMail(
  db: Kysely<Database>,
  id: string,
  lease: { token: string; until: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ lease_token: lease.token, leased_until: lease.until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', lease.now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markOutboxMailSent(db: Kysely<Database>, id: string, token: string, at: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: at, leased_until: null, lease_token: null, last_error: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .execute();
}

export async function markOutboxMailFailed(
  db: Kysely<Database>,
  id: string,
  token: string,
  failure: { error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: failure.nextAttemptAt,
      last_error: failure.error.slice(0, 1000),
      leased_until: null,
      lease_token: null,
    })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .execute();
}

/** Sent mails older than `before`: what they said is in the records they told of. */
export async function deleteSentOutboxMailsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('sent_at', '<=', before).execute();
}
