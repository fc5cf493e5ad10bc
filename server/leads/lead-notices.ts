import type { Kysely } from 'kysely';
import type { LeadRecord } from '../../src/content/types.gen.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { countMailsAboutSince } from '../store/leads.ts';
import type { Database } from '../store/schema.ts';
import type { LeadFacts } from './lead-facts.ts';
import { leadNotification } from './lead-mail.ts';

/** More lead notices than this in an hour is a flood: an agency's leads arrive a few a day. */
export const defaultNoticesPerHour = 20;
const hourMs = 60 * 60 * 1000;
const floodAbout = 'lead-flood';

export const floodReason = (perHour: number): string => `over ${perHour} notices in an hour (a flood)`;

/**
 * Queues a lead's notice in the lead's transaction, unless `perHour` notices went out in the last hour (counted in the
 * outbox, so every instance shares the limit). Past it the lead notifies nobody and false says so (the caller keeps it
 * as spam); the first lead past it tells sales and HR once, until an hour passes without one.
 */
export async function queueLeadNotice(
  trx: Kysely<Database>,
  lead: LeadRecord,
  { facts, origin, perHour }: { facts: LeadFacts; origin: string; perHour: number },
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - hourMs).toISOString();
  if ((await countMailsAboutSince(trx, 'lead:', since)) < perHour) {
    await enqueueMail(trx, leadNotification(lead, facts, origin), now);
    return true;
  }
  if ((await countMailsAboutSince(trx, floodAbout, since)) === 0) {
    await enqueueMail(
      trx,
      {
        to: [...new Set([facts.salesEmail, facts.hrEmail])],
        subject: `${facts.brandName}: more than ${perHour} leads in an hour, the rest without e-mail`,
        text: [
          `More than ${perHour} enquiries and applications reached ${facts.brandName} within an hour: probably spam.`,
          '',
          `Those past the first ${perHour} are kept in the Inbox with the status Spam, without a notice each.`,
          'Look through them there and move any real one back to New; this notice is not sent again until an hour',
          'passes without such a lead.',
          '',
          `The Inbox, its spam: ${origin}/admin/inbox?status=spam`,
        ].join('\n'),
        about: floodAbout,
      },
      now,
    );
  }
  return false;
}
