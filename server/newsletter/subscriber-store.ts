import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
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

export interface SubscriberFilter {
  status?: SubscriberRow['status'];
  /** Words found in the address or the name. */
  q?: string;
}

const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Kysely<Database>, filter: SubscriberFilter) {
  let query = db.selectFrom('subscribers');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('email_key', 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['name']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** A page of the list, newest first. */
export async function listSubscribers(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  page: { limit: number; offset: number },
): Promise<SubscriberRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countSubscribers(db: Kysely<Database>, filter: SubscriberFilter): Promise<number> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** True when a subscriber was deleted. */
export async function deleteSubscriber(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/**
 * Erasure: the subscriber of an address, with the outbox mails that told of it and the newsletter messages sent to
 * it. Returns how many subscribers were deleted.
 */
export async function deleteSubscriberOfEmail(db: Kysely<Database>, emailKey: string): Promise<number> {
  const row = await subscriberByEmailKey(db, emailKey);
  if (row === undefined) return 0;
  await db.deleteFrom('mail_outbox').where('about', '=', `subscriber:${row.id}`).execute();
  await db.deleteFrom('newsletter_messages').where('subscriber_id', '=', row.id).execute();
  return (await deleteSubscriber(db, row.id)) ? 1 : 0;
}

/** The outbox mails that told of a subscriber, oldest first. */
export async function mailsOfSubscriber(
  db: Kysely<Database>,
  id: string,
): Promise<{ subject: string; created_at: string; sent_at: string | null }[]> {
  return db
    .selectFrom('mail_outbox')
    .select(['subject', 'created_at', 'sent_at'])
    .where('about', '=', `subscriber:${id}`)
    .orderBy('created_at')
    .execute();
}
