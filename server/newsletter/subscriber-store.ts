import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SubscriberTable } from '../store/schema.ts';

/** The newsletter's queries over `subscribers`: plain functions taking the database (or a transaction) first. */

export type SubscriberRow = Selectable<SubscriberTable>;

export async function subscriberByEmailKey(db: Kysely<Database>, emailKey: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export async function subscriberById(db: Kysely<Database>, id: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubscriber(db: Kysely<Database>, row: SubscriberRow): Promise<void> {
  await db.insertInto('subscribers').values(row).execute();
}

export async function updateSubscriber(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<SubscriberTable>,
): Promise<void> {
  await db.updateTable('subscribers').set(changes).where('id', '=', id).execute();
}

/**
 * Makes a pending subscriber active, only while the confirmation link signed at `sentAt` is the one last sent: of two
 * clicks on one link, only one changes the row. True when this call confirmed it.
 */
export async function activatePending(db: Kysely<Database>, id: string, sentAt: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('subscribers')
    .set({ status: 'active', confirmed_at: now, confirm_sent_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('confirm_sent_at', '=', sentAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Subscribers still pending whose last confirmation link was sent before `before`: never confirmed, deleted. */
export async function deletePendingBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('subscribers')
    .where('status', '=', 'pending')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
