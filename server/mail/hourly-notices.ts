import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';

/** More notices of one kind than this in an hour is a flood: an agency's leads and comments arrive a few a day. */
export const defaultNoticesPerHour = 20;
const hourMs = 60 * 60 * 1000;

export const floodReason = (perHour: number): string => `over ${perHour} notices in an hour (a flood)`;

/** The outbox rows about one kind of notice (their `about` starts with `prefix`) since a moment. */
export async function countMailsAboutSince(db: Kysely<Database>, prefix: string, since: string): Promise<number> {
  const { count } = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('about', 'like', `${prefix}%`)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface HourlyNotice {
  /** The notice itself; its `about` starts with `prefix`. */
  mail: OutgoingMail;
  /** What the notices of this kind share at the start of their `about`, such as `lead:`. */
  prefix: string;
  perHour: number;
  /** The one message that says the limit was passed, with its own `about`; sent once until a quiet hour. */
  flood: OutgoingMail & { about: string };
}

/**
 * Queues a notice in the caller's transaction, unless `perHour` notices of its kind went out in the last hour
 * (counted in the outbox, so every instance shares the limit). Past it nothing is queued and false says so (the
 * caller keeps what arrived as spam); the first one past it queues the flood message once, until an hour passes
 * without one.
 */
export async function queueHourlyNotice(
  trx: Kysely<Database>,
  { mail, prefix, perHour, flood }: HourlyNotice,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - hourMs).toISOString();
  if ((await countMailsAboutSince(trx, prefix, since)) < perHour) {
    await enqueueMail(trx, mail, now);
    return true;
  }
  if ((await countMailsAboutSince(trx, flood.about, since)) === 0) await enqueueMail(trx, flood, now);
  return false;
}
