import type { Kysely } from 'kysely';
import type { LeadRecord } from '../../src/content/types.gen.ts';
import { queueHourlyNotice } from '../mail/index.ts';
import type { Database } from '../store/schema.ts';
import type { LeadFacts } from '../forms/index.ts';
import { leadNotification } from './lead-mail.ts';

/**
 * Queues a lead's notice in the lead's transaction, within the hourly limit of lead notices (queueHourlyNotice). Past
 * it the lead notifies nobody and false says so (the caller keeps it as spam); sales and HR are told once.
 */
export function queueLeadNotice(
  trx: Kysely<Database>,
  lead: LeadRecord,
  { facts, origin, perHour }: { facts: LeadFacts; origin: string; perHour: number },
  now: Date,
): Promise<boolean> {
  const flood = {
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
    about: 'lead-flood',
  };
  return queueHourlyNotice(trx, { mail: leadNotification(lead, facts, origin), prefix: 'lead:', perHour, flood }, now);
}
