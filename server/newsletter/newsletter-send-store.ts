import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, NewsletterMessageTable, NewsletterSendTable } from '../store/schema.ts';

/** The queries of newsletter sends and their messages (the newsletter's outbox): plain functions over the database. */

export type SendRow = Selectable<NewsletterSendTable>;
export type MessageRow = Selectable<NewsletterMessageTable>;
export type SendStatus = SendRow['status'];

export async function insertSend(db: Kysely<Database>, row: SendRow): Promise<void> {
  await db.insertInto('newsletter_sends').values(row).execute();
}

export async function sendById(db: Kysely<Database>, id: string): Promise<SendRow | undefined> {
  return db.selectFrom('newsletter_sends').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function sendOfPost(db: Kysely<Database>, postId: string): Promise<SendRow | undefined> {
  return db.selectFrom('newsletter_sends').selectAll().where('once_key', '=', postId).executeTakeFirst();
}

/**
 * One message row per active subscriber, in one INSERT … SELECT of the caller's transaction: those active when the
 * send was committed are its recipients, whatever happens afterwards.
 */
export async function queueMessagesToActive(db: Kysely<Database>, sendId: string, at: string): Promise<void> {
  await db
    .insertInto('newsletter_messages')
    .columns([
      'send_id',
      'recipient_key',
      'subscriber_id',
      'email',
      'state',
      'attempts',
      'next_attempt_at',
      'created_at',
    ])
    .expression(
      db
        .selectFrom('subscribers')
        .where('status', '=', 'active')
        .select([
          sql.lit(sendId).as('send_id'),
          'id',
          'id',
          'email',
          sql.lit('waiting').as('state'),
          sql.lit(0).as('attempts'),
          sql.lit(at).as('next_attempt_at'),
          sql.lit(at).as('created_at'),
        ]),
    )
    .execute();
}

export async function insertMessage(db: Kysely<Database>, row: MessageRow): Promise<void> {
  await db.insertInto('newsletter_messages').values(row).execute();
}

export async function countActiveSubscribers(db: Kysely<Database>): Promise<number> {
  const { total } = await db
    .selectFrom('subscribers')
    .where('status', '=', 'active')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export interface SendCounts {
  total: number;
  sent: number;
  failed: number;
  waiting: number;
  skipped: number;
}

export async function countMessages(db: Kysely<Database>, sendId: string): Promise<SendCounts> {
  const rows = await db
    .selectFrom('newsletter_messages')
    .where('send_id', '=', sendId)
    .select(['state', (eb) => eb.fn.countAll().as('count')])
    .groupBy('state')
    .execute();
  const of = (state: MessageRow['state']) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  const counts = { sent: of('sent'), failed: of('refused'), waiting: of('waiting'), skipped: of('skipped') };
  return { total: counts.sent + counts.failed + counts.waiting + counts.skipped, ...counts };
}

/** Changes a send's status only from one of `from`: true when it changed (of two clicks, one wins). */
export async function changeSendStatus(
  db: Kysely<Database>,
  id: string,
  from: readonly SendStatus[],
  to: SendStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_sends')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A cancelled send's messages not yet sent are skipped. */
export async function skipWaitingMessages(db: Kysely<Database>, sendId: string): Promise<void> {
  await db
    .updateTable('newsletter_messages')
    .set({ state: 'skipped', last_error: 'cancelled' })
    .where('send_id', '=', sendId)
    .where('state', '=', 'waiting')
    .execute();
}

/** Waiting messages of running sends, due now and not leased by a live worker: candidates to claim. */
export async function dueMessages(db: Kysely<Database>, now: string, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('newsletter_messages')
    .innerJoin('newsletter_sends', 'newsletter_sends.id', 'newsletter_messages.send_id')
    .selectAll('newsletter_messages')
    .where('newsletter_messages.state', '=', 'waiting')
    .where('newsletter_sends.status', 'in', ['queued', 'sending'])
    .where('newsletter_messages.next_attempt_at', '<=', now)
    .where((eb) =>
      eb.or([eb('newsletter_messages.leased_until', 'is', null), eb('newsletter_messages.leased_until', '<', now)]),
    )
    .orderBy('newsletter_messages.next_attempt_at')
    .orderBy('newsletter_messages.recipient_key')
    .limit(limit)
    .execute();
}

type MessageKey = Pick<MessageRow, 'send_id' | 'recipient_key'>;

/** Takes the lease of one waiting message: one conditional UPDATE, so that of two workers only one gets it. */
export async function leaseMessage(
  db: Kysely<Database>,
  key: MessageKey,
  lease: { token: string; until: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_messages')
    .set({ lease_token: lease.token, leased_until: lease.until })
    .where('send_id', '=', key.send_id)
    .where('recipient_key', '=', key.recipient_key)
    .where('state', '=', 'waiting')
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', lease.now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Ends a leased message: sent, refused for good, or skipped; only by the lease's holder. */
export async function finishMessage(
  db: Kysely<Database>,
  key: MessageKey,
  token: string,
  end: { state: 'sent' | 'refused' | 'skipped'; at: string; error?: string },
): Promise<void> {
  await db
    .updateTable('newsletter_messages')
    .set({
      state: end.state,
      sent_at: end.state === 'sent' ? end.at : null,
      last_error: end.error?.slice(0, 1000) ?? null,
      leased_until: null,
      lease_token: null,
    })
    .where('send_id', '=', key.send_id)
    .where('recipient_key', '=', key.recipient_key)
    .where('lease_token', '=', token)
    .execute();
}

/** A temporary failure: tried again after `nextAttemptAt`. */
export async function retryMessage(
  db: Kysely<Database>,
  key: MessageKey,
  token: string,
  failure: { error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('newsletter_messages')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: failure.nextAttemptAt,
      last_error: failure.error.slice(0, 1000),
      leased_until: null,
      lease_token: null,
    })
    .where('send_id', '=', key.send_id)
    .where('recipient_key', '=', key.recipient_key)
    .where('lease_token', '=', token)
    .execute();
}

/** Running sends left with no waiting message are done. */
export async function markFinishedSendsDone(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'done', updated_at: at })
    .where('status', 'in', ['queued', 'sending'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_messages')
            .select('newsletter_messages.send_id')
            .whereRef('newsletter_messages.send_id', '=', 'newsletter_sends.id')
            .where('newsletter_messages.state', '=', 'waiting'),
        ),
      ),
    )
    .execute();
}

/**
 * The moment this caller may send its next message at, under `perSecond` shared by every instance: one atomic UPDATE
 * moves the pace's next free moment on by one interval and returns it.
 */
export async function takePaceSlot(db: Kysely<Database>, nowMs: number, perSecond: number): Promise<number> {
  const step = Math.max(1, Math.round(1000 / perSecond));
  const row = await db
    .updateTable('newsletter_pace')
    .set({
      next_ms: sql<number>`(case when next_ms < ${nowMs} then ${nowMs} else next_ms end) + ${step}`,
    })
    .where('id', '=', 'newsletter')
    .returning('next_ms')
    .executeTakeFirstOrThrow();
  return Number(row.next_ms) - step;
}

/** The messages of sends to a subscriber or to its address (a row's subscriber may be gone), oldest first. */
export async function messagesToAddress(
  db: Kysely<Database>,
  subscriberId: string | null,
  emailKey: string,
): Promise<{ subject: string; created_at: string; sent_at: string | null }[]> {
  return db
    .selectFrom('newsletter_messages')
    .innerJoin('newsletter_sends', 'newsletter_sends.id', 'newsletter_messages.send_id')
    .select(['newsletter_sends.subject', 'newsletter_messages.created_at', 'newsletter_messages.sent_at'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['newsletter_messages.email']), '=', emailKey),
        ...(subscriberId === null ? [] : [eb('newsletter_messages.subscriber_id', '=', subscriberId)]),
      ]),
    )
    .orderBy('newsletter_messages.created_at')
    .execute();
}

/** Gives a claimed message back untouched (its send was paused or cancelled meanwhile). */
export async function releaseMessage(db: Kysely<Database>, key: MessageKey, token: string): Promise<void> {
  await db
    .updateTable('newsletter_messages')
    .set({ leased_until: null, lease_token: null })
    .where('send_id', '=', key.send_id)
    .where('recipient_key', '=', key.recipient_key)
    .where('lease_token', '=', token)
    .execute();
}
