import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import {
  deleteSentOutboxMailsBefore,
  dueOutboxMails,
  leaseOutboxMail,
  markOutboxMailFailed,
  markOutboxMailSent,
  type OutboxRow,
} from './mail-outbox.ts';
import type { Database } from '../store/schema.ts';
import { startPollingLoop } from './polling-loop.ts';

export interface MailWorkerSettings {
  db: Kysely<Database>;
  transport: Transporter;
  from: string;
  log: FastifyBaseLogger;
  /** How often to look for due mail when nobody nudges the worker. */
  pollMs?: number;
  /**
   * How long a claimed mail stays this worker's: longer than any SMTP exchange (see smtpTimeouts). A worker that dies
   * mid-send leaves its mail to the others once this has passed.
   */
  leaseMs?: number;
  /** The first retry's wait, doubled at each failure up to maxBackoffMs. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface MailWorker {
  /** Looks for due mail now, e.g. just after a lead was committed. */
  wake(): void;
  stop(): Promise<void>;
}

const sentMailKeptMs = 30 * 24 * 60 * 60 * 1000;

export function backoffMs(attempts: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.min(attempts, 30));
}

/**
 * Delivers the outbox: claims each due mail under a lease (so that two instances never send one twice), sends it,
 * marks it sent; a failure waits longer before each retry, and a mail is never given up. A crash before the mark
 * leaves the lease to run out, and the mail is sent again then: at least once, never lost.
 */
export function startMailWorker(settings: MailWorkerSettings): MailWorker {
  const { db, transport, from, log } = settings;
  const pollMs = settings.pollMs ?? 5_000;
  const leaseMs = settings.leaseMs ?? 60_000;
  const firstBackoffMs = settings.firstBackoffMs ?? 10_000;
  const maxBackoffMs = settings.maxBackoffMs ?? 60 * 60 * 1000;

  async function deliver(row: OutboxRow): Promise<void> {
    const token = randomUUID();
    const now = new Date();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    if (!(await leaseOutboxMail(db, row.id, { token, until, now: now.toISOString() }))) return;
    try {
      await transport.sendMail({
        from,
        to: JSON.parse(row.recipients) as string[],
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.reply_to ?? undefined,
        messageId: `<${row.id}@northbeam.outbox>`,
      });
      await markOutboxMailSent(db, row.id, token, new Date().toISOString());
    } catch (error) {
      const wait = backoffMs(row.attempts, firstBackoffMs, maxBackoffMs);
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: row.id, attempts: row.attempts + 1, retryInMs: wait }, `Mail not sent yet: ${message}`);
      await markOutboxMailFailed(db, row.id, token, {
        error: message,
        nextAttemptAt: new Date(Date.now() + wait).toISOString(),
      });
    }
  }

  async function drain(stopped: () => boolean): Promise<void> {
    for (;;) {
      const due = await dueOutboxMails(db, new Date().toISOString(), 20);
      for (const row of due) {
        if (stopped()) return;
        await deliver(row);
      }
      if (due.length < 20 || stopped()) break;
    }
    await deleteSentOutboxMailsBefore(db, new Date(Date.now() - sentMailKeptMs).toISOString());
  }

  const loop = startPollingLoop(drain, { pollMs, log, name: 'mail worker' });
  return {
    wake: loop.wake,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
