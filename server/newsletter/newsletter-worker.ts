import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { backoffMs, startPollingLoop } from '../mail/index.ts';
import type { Database } from '../store/schema.ts';
import {
  changeSendStatus,
  dueMessages,
  finishMessage,
  leaseMessage,
  markFinishedSendsDone,
  releaseMessage,
  retryMessage,
  sendById,
  takePaceSlot,
  type MessageRow,
  type SendRow,
} from './newsletter-send-store.ts';
import { testUnsubscribeUrl } from './newsletter-pages.ts';
import { subscriberById } from './subscriber-store.ts';
import { unsubscribeToken } from './subscriber-tokens.ts';

/** NEWSLETTER_RATE's default: messages a second, every instance together. */
export const defaultNewsletterRate = 10;

export interface NewsletterWorkerSettings {
  db: Kysely<Database>;
  /** A pooled SMTP transport of its own (smtpTransport pools its connections). */
  transport: Transporter;
  from: string;
  log: FastifyBaseLogger;
  /** The public origin of unsubscribe links. */
  origin: string;
  /** Signs unsubscribe links (the newsletter's key). */
  key: Buffer;
  /** Messages a second shared by every instance (NEWSLETTER_RATE); 0 for no limit. */
  perSecond?: number;
  /** Messages this instance sends at once over its pool. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface NewsletterWorker {
  wake(): void;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const running = new Set<SendRow['status']>(['queued', 'sending']);

/**
 * The headers of RFC 2369 and RFC 8058 for one recipient: the HTTPS link only. A `mailto:` would reach a mailbox that
 * nothing reads or acts on, and a request sent there would be lost (docs/decisions/0036).
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** An SMTP reply code of 5xx: the receiving server refuses for good (RFC 5321). */
const permanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Delivers the newsletter's messages: claims each due message under a lease, waits for its turn under the rate every
 * instance shares, and sends it only if its send still runs and its subscriber is still active at that moment (an
 * unsubscription or a pause takes effect before the next message). A 5xx refusal marks the subscriber bounced; any
 * other failure is tried again later, waiting longer each time.
 */
export function startNewsletterWorker(settings: NewsletterWorkerSettings): NewsletterWorker {
  const { db, transport, from, log, origin, key } = settings;
  const perSecond = settings.perSecond ?? defaultNewsletterRate;
  const concurrency = settings.concurrency ?? 4;
  const pollMs = settings.pollMs ?? 2_000;
  const leaseMs = settings.leaseMs ?? 60_000;
  const firstBackoffMs = settings.firstBackoffMs ?? 60_000;
  const maxBackoffMs = settings.maxBackoffMs ?? 6 * 60 * 60 * 1000;
  const sends = new Map<string, SendRow>();

  async function sendOf(id: string): Promise<SendRow | undefined> {
    // The e-mail of a send never changes; its status is read again for each message.
    const cached = sends.get(id);
    const status = await db.selectFrom('newsletter_sends').select('status').where('id', '=', id).executeTakeFirst();
    if (status === undefined) return undefined;
    if (cached) return { ...cached, status: status.status };
    const row = await sendById(db, id);
    if (row) sends.set(id, row);
    return row;
  }

  async function deliver(message: MessageRow): Promise<void> {
    const token = randomUUID();
    const now = Date.now();
    const lease = { token, until: new Date(now + leaseMs).toISOString(), now: new Date(now).toISOString() };
    if (!(await leaseMessage(db, message, lease))) return;
    if (perSecond > 0) {
      const slot = await takePaceSlot(db, Date.now(), perSecond);
      if (slot > Date.now()) await pause(slot - Date.now());
    }
    const send = await sendOf(message.send_id);
    if (send === undefined || !running.has(send.status)) {
      await releaseMessage(db, message, token);
      return;
    }
    // A test goes to a member, not a subscriber: its link opens the page saying there is nothing to unsubscribe.
    let url = testUnsubscribeUrl(origin);
    let headers: Record<string, string> = {};
    if (message.subscriber_id !== null) {
      const subscriber = await subscriberById(db, message.subscriber_id);
      if (subscriber?.status !== 'active') {
        await finishMessage(db, message, token, { state: 'skipped', at: new Date().toISOString(), error: 'left' });
        return;
      }
      const unsubscribe = unsubscribeToken(key, subscriber.id);
      url = `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe)}`;
      headers = unsubscribeHeaders(url);
    }
    if (send.status === 'queued') await changeSendStatus(db, send.id, ['queued'], 'sending', new Date().toISOString());
    try {
      await transport.sendMail({
        from,
        to: message.email,
        subject: send.subject,
        html: send.html.replaceAll(send.marker, url),
        text: send.text.replaceAll(send.marker, url),
        headers,
        messageId: `<${send.id}.${message.recipient_key.replace(/[^A-Za-z0-9.-]/g, '-')}@northbeam.newsletter>`,
      });
      await finishMessage(db, message, token, { state: 'sent', at: new Date().toISOString() });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (permanent(error)) {
        await finishMessage(db, message, token, { state: 'refused', at: new Date().toISOString(), error: text });
        if (message.subscriber_id !== null) {
          await db
            .updateTable('subscribers')
            .set({ status: 'bounced', updated_at: new Date().toISOString() })
            .where('id', '=', message.subscriber_id)
            .where('status', '=', 'active')
            .execute();
        }
        return;
      }
      const wait = backoffMs(message.attempts, firstBackoffMs, maxBackoffMs);
      log.warn(
        { sendId: send.id, attempts: message.attempts + 1, retryInMs: wait },
        `Newsletter message not sent yet: ${text}`,
      );
      await retryMessage(db, message, token, { error: text, nextAttemptAt: new Date(Date.now() + wait).toISOString() });
    }
  }

  async function drain(stopped: () => boolean): Promise<void> {
    for (;;) {
      const due = await dueMessages(db, new Date().toISOString(), concurrency * 8);
      for (let start = 0; start < due.length && !stopped(); start += concurrency) {
        await Promise.all(due.slice(start, start + concurrency).map(deliver));
      }
      if (due.length === 0 || stopped()) break;
    }
    await markFinishedSendsDone(db, new Date().toISOString());
  }

  const loop = startPollingLoop(drain, { pollMs, log, name: 'newsletter worker' });
  return {
    wake: loop.wake,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
