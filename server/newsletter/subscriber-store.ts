import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Updateable } from 'kysely';
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
 * Makes a subscriber active, only while it has the status it was read with and the confirmation link signed at
 * `sentAt` is the one last sent: of two clicks on one link, only one changes the row. True when this call confirmed it.
 */
export async function activateConfirmed(
  db: Kysely<Database>,
  subscriber: Pick<SubscriberRow, 'id' | 'status'>,
  sentAt: string,
  now: string,
  changes: Updateable<SubscriberTable> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('subscribers')
    .set({ ...changes, status: 'active', confirmed_at: now, confirm_sent_at: null, updated_at: now })
    .where('id', '=', subscriber.id)
    .where('status', '=', subscriber.status)
    .where('confirm_sent_at', '=', sentAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
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

/** Whether a mail of the outbox told of the subscriber since a moment (a confirmation link, a note). */
export async function mailedAboutSince(db: Kysely<Database>, id: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('about', '=', `subscriber:${id}`)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Outbox mails of the newsletter whose recipients name the address, in any letter case. */
export const addressedTo = (emailKey: string) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.and([
    eb('about', 'like', 'subscriber:%'),
    eb(eb.fn('lower', ['recipients']), 'like', sql<string>`${likePattern(JSON.stringify(emailKey))} escape '\\'`),
  ]);

/** The outbox mails that told of a subscriber or went to its address (its row may be gone), oldest first. */
export async function mailsToAddress(
  db: Kysely<Database>,
  subscriberId: string | null,
  emailKey: string,
): Promise<{ subject: string; created_at: string; sent_at: string | null }[]> {
  return db
    .selectFrom('mail_outbox')
    .select(['subject', 'created_at', 'sent_at'])
    .where((eb) =>
      eb.or([
        addressedTo(emailKey)(eb),
        ...(subscriberId === null ? [] : [eb('about', '=', `subscriber:${subscriberId}`)]),
      ]),
    )
    .orderBy('created_at')
    .execute();
}
