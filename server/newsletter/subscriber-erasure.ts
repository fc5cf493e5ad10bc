import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { addressedTo, deleteSubscriber, subscriberByEmailKey } from './subscriber-store.ts';

/**
 * Deleting a subscriber leaves nothing of the newsletter that names it: the outbox's confirmation links and notes
 * (about `subscriber:{id}`), the messages of every send addressed to it, and the refused signup forms holding what it
 * typed. Deletion, erasure and retention all go through here (decision 0032).
 */

const aboutSubscriber = (id: string): string => `subscriber:${id}`;

async function deleteTracesOfSubscribers(db: Kysely<Database>, ids: string[], emailKeys: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('mail_outbox').where('about', 'in', ids.map(aboutSubscriber)).execute();
  await db.deleteFrom('newsletter_messages').where('subscriber_id', 'in', ids).execute();
  await db.deleteFrom('refused_forms').where('email_key', 'in', emailKeys).execute();
}

/** Deletes one subscriber and what the newsletter holds of it, in one transaction. True when it existed. */
export async function deleteSubscriberWholly(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('subscribers').select('email_key').where('id', '=', id).executeTakeFirst();
    if (row === undefined) return false;
    await deleteTracesOfSubscribers(trx, [id], [row.email_key]);
    return deleteSubscriber(trx, id);
  });
}

/**
 * Erasure of an address: its subscriber with what names it, and, whether or not a subscriber is left, every message of
 * a send and every newsletter mail of the outbox addressed to it (a subscriber deleted before this release left them).
 * Returns how many subscribers were deleted.
 */
export async function deleteSubscriberOfEmail(db: Kysely<Database>, emailKey: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await subscriberByEmailKey(trx, emailKey);
    if (row !== undefined) await deleteTracesOfSubscribers(trx, [row.id], [emailKey]);
    await trx
      .deleteFrom('newsletter_messages')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
      .execute();
    await trx.deleteFrom('mail_outbox').where(addressedTo(emailKey)).execute();
    return row !== undefined && (await deleteSubscriber(trx, row.id)) ? 1 : 0;
  });
}

/**
 * Retention of the unconfirmed: subscribers pending since before `pendingBefore`, and those held by the signup's caps
 * (pending, never mailed a link) since before `heldBefore`, with what names them. Returns how many were deleted.
 */
export async function deleteUnconfirmedSubscribers(
  db: Kysely<Database>,
  { pendingBefore, heldBefore }: { pendingBefore: string; heldBefore: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('subscribers')
      .select(['id', 'email_key'])
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('updated_at', '<', pendingBefore),
          eb.and([eb('confirm_sent_at', 'is', null), eb('updated_at', '<', heldBefore)]),
        ]),
      )
      .execute();
    const ids = rows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += 200) {
      const batch = rows.slice(start, start + 200);
      await deleteTracesOfSubscribers(
        trx,
        batch.map((row) => row.id),
        batch.map((row) => row.email_key),
      );
      await trx
        .deleteFrom('subscribers')
        .where(
          'id',
          'in',
          batch.map((row) => row.id),
        )
        .execute();
    }
    return ids.length;
  });
}

/**
 * Messages of sends and outbox mails whose subscriber is gone: a subscriber deleted before deletion took them along
 * left them, with its address. Retention sweeps them.
 */
export async function deleteOrphanedNewsletterMail(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('newsletter_messages')
    .where('subscriber_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscribers')
            .select('subscribers.id')
            .whereRef('subscribers.id', '=', 'newsletter_messages.subscriber_id'),
        ),
      ),
    )
    .execute();
  await db
    .deleteFrom('mail_outbox')
    .where('about', 'like', 'subscriber:%')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscribers')
            .select('subscribers.id')
            .where('mail_outbox.about', '=', sql<string>`'subscriber:' || subscribers.id`),
        ),
      ),
    )
    .execute();
}
