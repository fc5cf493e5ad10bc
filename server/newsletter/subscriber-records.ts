import type { Kysely } from 'kysely';
import type { PrivacyExport, Subscriber } from '../../src/content/types.gen.ts';
import { csvDateTime, csvHeader, csvLine } from '../lib/csv-write.ts';
import type { Database } from '../store/schema.ts';
import { messagesToAddress } from './newsletter-send-store.ts';
import { mailsToAddress, subscriberByEmailKey, type SubscriberRow } from './subscriber-store.ts';

/** A row as the API shows it: only what is set. */
export function toSubscriber(row: SubscriberRow): Subscriber {
  const subscriber: Subscriber = {
    _id: row.id,
    email: row.email,
    status: row.status,
    consentText: row.consent_text,
    consentBasis: row.consent_basis,
    attribution: {},
    createdAt: row.created_at,
  };
  if (row.name !== null) subscriber.name = row.name;
  if (row.consented_at !== null) subscriber.consentedAt = row.consented_at;
  if (row.confirmed_at !== null) subscriber.confirmedAt = row.confirmed_at;
  if (row.unsubscribed_at !== null) subscriber.unsubscribedAt = row.unsubscribed_at;
  const attribution = subscriber.attribution;
  if (row.landing_page !== null) attribution.landingPage = row.landing_page;
  if (row.referrer_host !== null) attribution.referrerHost = row.referrer_host;
  if (row.utm_source !== null) attribution.utmSource = row.utm_source;
  if (row.utm_medium !== null) attribution.utmMedium = row.utm_medium;
  if (row.utm_campaign !== null) attribution.utmCampaign = row.utm_campaign;
  if (row.utm_term !== null) attribution.utmTerm = row.utm_term;
  if (row.utm_content !== null) attribution.utmContent = row.utm_content;
  return subscriber;
}

type Column = [heading: string, cell: (row: SubscriberRow) => string | null];

/** The export's columns, times in UTC as spreadsheets read them; the first four are what an import reads back. */
const columns: Column[] = [
  ['email', (row) => row.email],
  ['name', (row) => row.name],
  ['consented_at_utc', (row) => csvDateTime(row.consented_at)],
  // Both consent columns or neither, as an import reads them: a reader asked to confirm stated no consent yet.
  ['consent_basis', (row) => (row.consented_at === null ? '' : row.consent_basis)],
  ['status', (row) => row.status],
  ['consent_text', (row) => row.consent_text],
  ['subscribed_at_utc', (row) => csvDateTime(row.created_at)],
  ['confirmed_at_utc', (row) => csvDateTime(row.confirmed_at)],
  ['unsubscribed_at_utc', (row) => csvDateTime(row.unsubscribed_at)],
  ['landing_page', (row) => row.landing_page],
  ['referrer', (row) => row.referrer_host],
  ['utm_source', (row) => row.utm_source],
  ['utm_medium', (row) => row.utm_medium],
  ['utm_campaign', (row) => row.utm_campaign],
  ['id', (row) => row.id],
];

export const subscriberCsvHeader = csvHeader(columns.map(([heading]) => heading));

/** One subscriber as a CSV line, every cell formula-escaped as the leads' export does. */
export const subscriberCsvLine = (row: SubscriberRow): string => csvLine(columns.map(([, cell]) => cell(row)));

/**
 * What a privacy export holds of the newsletter for one address: its subscriber, and what was e-mailed to it
 * (confirmation links, notes, and the posts of every send), found by the address as well, should its subscriber be gone.
 */
export async function newsletterDataOfEmail(
  db: Kysely<Database>,
  emailKey: string,
): Promise<Pick<PrivacyExport, 'subscribers' | 'newsletterMails'>> {
  const row = await subscriberByEmailKey(db, emailKey);
  const id = row?.id ?? null;
  const mails = [...(await mailsToAddress(db, id, emailKey)), ...(await messagesToAddress(db, id, emailKey))].sort(
    (a, b) => a.created_at.localeCompare(b.created_at),
  );
  return {
    subscribers: row === undefined ? [] : [toSubscriber(row)],
    newsletterMails: mails.map((mail) => ({
      subject: mail.subject,
      queuedAt: mail.created_at,
      ...(mail.sent_at === null ? {} : { sentAt: mail.sent_at }),
    })),
  };
}
