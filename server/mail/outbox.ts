import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertOutboxMail } from './mail-outbox.ts';
import type { Database } from '../store/schema.ts';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  /** An HTML part beside the text, for a designed mail. */
  html?: string;
  replyTo?: string;
  /** What the mail tells of (`lead:{id}`), so that erasing that erases the mail too. */
  about?: string;
}

/**
 * Queues a mail in the caller's transaction: it is sent if and only if what it tells of was committed, and the
 * mail worker delivers it whatever happens to this process afterwards.
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await insertOutboxMail(db, {
    id,
    recipients: JSON.stringify(mail.to),
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    reply_to: mail.replyTo ?? null,
    about: mail.about ?? null,
    created_at: at,
    attempts: 0,
    next_attempt_at: at,
    leased_until: null,
    lease_token: null,
    sent_at: null,
    last_error: null,
  });
  return id;
}
