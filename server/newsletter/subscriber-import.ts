import { randomUUID } from 'node:crypto';
import type { SubscriberImportReport } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import { attributionColumns, emailKey, singleLine, strictEmail } from '../leads/index.ts';
import { insertSubscriber, subscriberByEmailKey, type SubscriberRow } from './subscriber-store.ts';
import { queueConfirmation, type NewsletterContext } from './subscriptions.ts';

/** A file larger than this is split by the person importing it. */
export const maxImportRows = 10_000;

type ImportRow = SubscriberImportReport['rows'][number];

/** RFC 4180's records: quoted cells may hold commas, quotes (doubled) and line breaks; CRLF or LF ends a record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell === '') quoted = true;
    else if (character === ',') {
      record.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += character;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** What our own export escaped against formulas (a leading `'`) reads back as it was. */
const unescaped = (cell: string | undefined): string => (cell ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '');

const refused = (line: number, email: string, message: string): ImportRow => ({
  line,
  email,
  outcome: 'refused',
  message,
});

/**
 * Imports a CSV file of `email`, `name`, `consented_at`, `consent_basis` (headers in any order; other columns
 * ignored), in one transaction. A row whose consent the file states (both columns) is active at once with that
 * basis recorded; one without is pending and gets a confirmation e-mail; an address on the list already, in any
 * status, is left as it is (an unsubscribed reader is never added back by a file). Each row is reported.
 */
export async function importSubscribers(context: NewsletterContext, csv: string): Promise<SubscriberImportReport> {
  const [header, ...records] = parseCsv(csv.replace(/^\ufeff/, '')).filter((record) => record.some((c) => c.trim()));
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => columns.indexOf(name);
  if (column('email') < 0) {
    throw new HttpError(400, 'The file needs a header line naming its columns, with at least "email".', [
      { path: '/', message: 'must start with a header line holding email (and name, consented_at, consent_basis)' },
    ]);
  }
  if (records.length > maxImportRows) {
    throw new HttpError(400, `The file has ${records.length} rows: import at most ${maxImportRows} at a time.`);
  }
  const { db, clock } = context.intake;
  const now = clock();
  const at = now.toISOString();
  const rows: ImportRow[] = [];
  const seen = new Set<string>();
  let mailed = false;
  await db.transaction().execute(async (trx) => {
    for (const [index, record] of records.entries()) {
      const line = index + 2;
      const cell = (name: string) => unescaped(column(name) < 0 ? undefined : record[column(name)]);
      const email = cell('email');
      const [consentedAt, basis] = [cell('consented_at'), singleLine(cell('consent_basis')).slice(0, 200)];
      if (!strictEmail.test(email) || email.length > 254) {
        rows.push(refused(line, email, 'This is not an e-mail address.'));
        continue;
      }
      const key = emailKey(email);
      if (seen.has(key)) {
        rows.push({ line, email, outcome: 'skipped', message: 'The address appears earlier in the file.' });
        continue;
      }
      seen.add(key);
      if ((consentedAt === '') !== (basis === '')) {
        rows.push(
          refused(line, email, 'Give both consented_at and consent_basis, or neither (then we ask by e-mail).'),
        );
        continue;
      }
      const consentTime = consentedAt === '' ? null : Date.parse(consentedAt);
      if (consentTime !== null && (Number.isNaN(consentTime) || consentTime > now.getTime())) {
        rows.push(refused(line, email, 'consented_at is not a date in the past (write it as 2025-11-28 or ISO 8601).'));
        continue;
      }
      const known = await subscriberByEmailKey(trx, key);
      if (known !== undefined) {
        rows.push({
          line,
          email,
          outcome: 'skipped',
          message: `Already on the list (${known.status}): left as it is.`,
        });
        continue;
      }
      const row: SubscriberRow = {
        id: randomUUID(),
        email,
        email_key: key,
        name: singleLine(cell('name')).slice(0, 100) || null,
        status: consentTime === null ? 'pending' : 'active',
        consent_text:
          consentTime === null ? 'Imported without stated consent: asked to confirm by e-mail' : `Imported: ${basis}`,
        consent_basis: consentTime === null ? 'import: confirmation asked' : `import: ${basis}`,
        consented_at: consentTime === null ? null : new Date(consentTime).toISOString(),
        confirm_sent_at: consentTime === null ? at : null,
        confirmed_at: null,
        unsubscribed_at: null,
        // Imported, not arrived: no landing page nor campaign.
        ...attributionColumns(undefined),
        created_at: at,
        updated_at: at,
      };
      await insertSubscriber(trx, row);
      if (consentTime !== null) {
        rows.push({ line, email, outcome: 'active', message: `Active, on the basis stated: ${basis}.` });
        continue;
      }
      await queueConfirmation(trx, context, row, now);
      mailed = context.intake.mail !== null;
      rows.push({
        line,
        email,
        outcome: 'confirmation-sent',
        message: mailed
          ? 'Pending: a confirmation link is e-mailed.'
          : 'Pending: no e-mail could be sent (SMTP_URL is not set); it is deleted after 7 days unless confirmed.',
      });
    }
  });
  if (mailed) context.intake.mail?.wake();
  const count = (outcome: ImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  return {
    active: count('active'),
    confirmationSent: count('confirmation-sent'),
    skipped: count('skipped'),
    refused: count('refused'),
    rows,
  };
}
