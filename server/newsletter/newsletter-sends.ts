import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BlogPost, NewsletterPreview, NewsletterSend } from '../../src/content/types.gen.ts';
import { findPostById, toPostJson } from '../blog/index.ts';
import { isUniqueViolation } from '../forms/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Database } from '../store/schema.ts';
import { renderNewsletter, type NewsletterFacts } from './newsletter-email.ts';
import { testUnsubscribeUrl } from './newsletter-pages.ts';
import {
  changeSendStatus,
  countActiveSubscribers,
  countMessages,
  insertMessage,
  insertSend,
  queueMessagesToActive,
  sendById,
  sendOfPost,
  skipWaitingMessages,
  type SendRow,
  type SendStatus,
} from './newsletter-send-store.ts';
import type { NewsletterWorker } from './newsletter-worker.ts';
import { isScheduledAt } from '../../src/domain/post-visibility.ts';

/** What sending a post needs: the store, the clock, the e-mail's facts, and the worker to wake (null without SMTP). */
export interface NewsletterSending {
  db: Kysely<Database>;
  clock: () => Date;
  facts: NewsletterFacts;
  worker: NewsletterWorker | null;
}

async function publishedPost(sending: NewsletterSending, postId: string): Promise<BlogPost> {
  const post = await findPostById(sending.db, postId);
  if (post === undefined) throw new HttpError(404, `There is no post ${postId}: it may have been deleted.`);
  if (post.status !== 'published') {
    throw new HttpError(409, 'Only a published post can be sent to subscribers: publish it first, then send it.');
  }
  const json = toPostJson(post);
  if (isScheduledAt(json, sending.clock())) {
    throw new HttpError(
      409,
      `This post is scheduled for ${json.publishedAt}: its link would not work yet. Send it once it is live on the site.`,
    );
  }
  return json;
}

/** The e-mail a post would be sent as (its unsubscribe link pointing to the bare page), and whom it would reach. */
export async function previewNewsletter(sending: NewsletterSending, postId: string): Promise<NewsletterPreview> {
  const post = await publishedPost(sending, postId);
  const email = await renderNewsletter(post, sending.facts, testUnsubscribeUrl(sending.facts.origin));
  const [activeSubscribers, send] = await Promise.all([
    countActiveSubscribers(sending.db),
    sendOfPost(sending.db, postId),
  ]);
  return { ...email, activeSubscribers, sendId: send?.id ?? null };
}

function requireSmtp(sending: NewsletterSending): NewsletterWorker {
  // A setting of this server, not a fault of the moment: 409, as for sign-in links, so that no client retries it.
  if (sending.worker === null) {
    throw new HttpError(
      409,
      'This server has no SMTP_URL, so it cannot send e-mail: set SMTP_URL and restart it, then send the post.',
    );
  }
  return sending.worker;
}

async function newSend(sending: NewsletterSending, post: BlogPost, createdBy: string, onceKey: string | null) {
  const marker = `UNSUBSCRIBE-${randomUUID()}`;
  const email = await renderNewsletter(post, sending.facts, marker, { test: onceKey === null });
  const at = sending.clock().toISOString();
  const row: SendRow = {
    id: randomUUID(),
    post_id: post._id,
    once_key: onceKey,
    status: 'queued',
    ...email,
    marker,
    created_by: createdBy,
    created_at: at,
    updated_at: at,
  };
  return row;
}

/**
 * Sends a published post to every subscriber active now, once: the send (unique per post in the database, so that a
 * double click or a second instance gets 409) and one message per recipient are committed in one transaction
 * before the answer; the workers deliver them afterwards.
 */
export async function sendPost(sending: NewsletterSending, postId: string, by: string): Promise<SendRow> {
  const worker = requireSmtp(sending);
  const post = await publishedPost(sending, postId);
  const already = await sendOfPost(sending.db, postId);
  if (already) throw alreadySent(already);
  const row = await newSend(sending, post, by, postId);
  try {
    await sending.db.transaction().execute(async (trx) => {
      await insertSend(trx, row);
      await queueMessagesToActive(trx, row.id, row.created_at);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await sendOfPost(sending.db, postId);
    throw alreadySent(winner ?? row);
  }
  worker.wake();
  return row;
}

const alreadySent = (send: SendRow) =>
  new HttpError(
    409,
    `This post was sent to subscribers already (asked for at ${send.created_at}); a post goes out once. Its send is ${send.id}.`,
  );

/** One test message of a post's e-mail to a member's own address; the post's one real send is unaffected. */
export async function sendTest(
  sending: NewsletterSending,
  postId: string,
  member: { id: string; email: string },
): Promise<SendRow> {
  const worker = requireSmtp(sending);
  const post = await publishedPost(sending, postId);
  const row = await newSend(sending, post, member.email, null);
  await sending.db.transaction().execute(async (trx) => {
    await insertSend(trx, row);
    await insertMessage(trx, {
      send_id: row.id,
      recipient_key: `test-${member.id}`,
      subscriber_id: null,
      email: member.email,
      state: 'waiting',
      attempts: 0,
      next_attempt_at: row.created_at,
      leased_until: null,
      lease_token: null,
      sent_at: null,
      last_error: null,
      created_at: row.created_at,
    });
  });
  worker.wake();
  return row;
}

export async function sendProgress(sending: NewsletterSending, id: string): Promise<NewsletterSend> {
  const row = await sendById(sending.db, id);
  if (row === undefined) throw new HttpError(404, `There is no newsletter send ${id}.`);
  return {
    _id: row.id,
    postId: row.post_id,
    status: row.status,
    createdAt: row.created_at,
    ...(await countMessages(sending.db, id)),
  };
}

const changes: Record<'pause' | 'resume' | 'cancel', { from: SendStatus[]; to: SendStatus; refusal: string }> = {
  pause: { from: ['queued', 'sending'], to: 'paused', refusal: 'only a send in progress can be paused' },
  resume: { from: ['paused'], to: 'sending', refusal: 'only a paused send can be resumed' },
  cancel: { from: ['queued', 'sending', 'paused'], to: 'cancelled', refusal: 'a finished send cannot be cancelled' },
};

/** Pauses, resumes or cancels a send; 409 in words when its status does not allow it (two clicks: one wins). */
export async function changeSend(
  sending: NewsletterSending,
  id: string,
  change: keyof typeof changes,
): Promise<SendRow> {
  const row = await sendById(sending.db, id);
  if (row === undefined) throw new HttpError(404, `There is no newsletter send ${id}.`);
  const { from, to, refusal } = changes[change];
  const changed = await sending.db.transaction().execute(async (trx) => {
    if (!(await changeSendStatus(trx, id, from, to, sending.clock().toISOString()))) return false;
    if (to === 'cancelled') await skipWaitingMessages(trx, id);
    return true;
  });
  if (!changed) {
    const now = await sendById(sending.db, id);
    throw new HttpError(409, `This send is ${now?.status ?? row.status}: ${refusal}. Reload to see where it stands.`);
  }
  if (to === 'sending') sending.worker?.wake();
  return row;
}
