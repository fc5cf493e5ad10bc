import { randomUUID } from 'node:crypto';
import type { DateOrder, SubscriberImportQuery, SubscriberImportReport } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import { attributionColumns, emailKey, singleLine, strictEmail } from '../leads/index.ts';
import { CsvReadError, readCsv, type CsvDelimiter } from '../lib/csv-read.ts';
import { restoredCell } from '../lib/csv-write.ts';
import { readSpreadsheetDate } from '../lib/spreadsheet-date.ts';
import { insertSubscriber, subscriberByEmailKey, type SubscriberRow } from './subscriber-store.ts';
import { queueConfirmation, type NewsletterContext } from './subscriptions.ts';

/** A basis read back from our own export already says it was imported: say it once, however often a file goes round. */
const withoutImportPrefix = (basis: string): string => basis.replace(/^(?:import:\s*)+/i, '');

export const emptyFile = 'The file is empty: choose a CSV file with a header line and one address a line.';

/** A file larger than this is split by the person importing it. */
export const maxImportRows = 10_000;

type ImportRow = SubscriberImportReport['rows'][number];

const delimiterNames: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** A column the import reads, and the names it goes by: the export writes consented_at_utc. */
const columnNames = {
  email: ['email'],
  name: ['name'],
  consentedAt: ['consented_at', 'consented_at_utc'],
  consentBasis: ['consent_basis'],
  status: ['status'],
} as const;

/** The file's rows and where each column is, or a 400 saying what was read and what is missing. */
function readImportFile(file: Buffer) {
  let table;
  try {
    table = readCsv(file);
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    throw new HttpError(400, error.message, [
      { path: '/', message: error.line === undefined ? error.message : `line ${error.line}: ${error.message}` },
    ]);
  }
  if (table.header.length === 0) throw new HttpError(400, emptyFile);
  const names = table.header.map((name) => name.toLowerCase());
  const position = (column: keyof typeof columnNames) =>
    names.findIndex((name) => (columnNames[column] as readonly string[]).includes(name));
  const columns = {
    email: position('email'),
    name: position('name'),
    consentedAt: position('consentedAt'),
    consentBasis: position('consentBasis'),
    status: position('status'),
  };
  if (columns.email < 0) {
    const read = `${delimiterNames[table.delimiter]}-separated (${table.delimiter === '\t' ? 'tab' : table.delimiter})`;
    const found = table.header.map((name) => `"${name}"`).join(', ');
    throw new HttpError(400, 'The file needs a header line naming its columns, with at least "email".', [
      {
        path: '/',
        message: `read as ${read}, its first line holds ${found}: it must name email (and name, consented_at, consent_basis)`,
      },
    ]);
  }
  if (table.rows.length > maxImportRows) {
    throw new HttpError(400, `The file has ${table.rows.length} rows: import at most ${maxImportRows} at a time.`);
  }
  return { ...table, columns };
}

/** The consent a row states (both when and on what basis), none, or why it cannot be read. */
function statedConsent(
  consentedAt: string,
  consentBasis: string,
  dateOrder: DateOrder | undefined,
): { iso: string; basis: string } | { problem: string } | null {
  const basis = singleLine(consentBasis).slice(0, 200);
  if (consentedAt === '' && basis === '') return null;
  if (consentedAt === '' || basis === '') {
    return { problem: 'Give both consented_at and consent_basis, or neither (then we ask by e-mail).' };
  }
  const read = readSpreadsheetDate(consentedAt, dateOrder);
  return 'problem' in read ? { problem: `consented_at: ${read.problem}` } : { iso: read.iso, basis };
}

const refused = (line: number, email: string, message: string): ImportRow => ({
  line,
  email,
  outcome: 'refused',
  message,
});

/**
 * Imports a CSV file of `email`, `name`, `consented_at`, `consent_basis` (headers in any order, separated by commas,
 * semicolons or tabs; other columns ignored), in one transaction. A row whose consent the file states (both columns)
 * is active at once with that basis recorded; one without is pending and gets a confirmation e-mail; an address on the
 * list already, in any status, is left as it is (an unsubscribed reader is never added back by a file). Each row is
 * reported under its line in the file. A date written day and month first is read only in the order given.
 */
export async function importSubscribers(
  context: NewsletterContext,
  file: Buffer,
  { dateOrder }: SubscriberImportQuery,
): Promise<SubscriberImportReport> {
  const { delimiter, encoding, rows: records, columns } = readImportFile(file);
  const { db, clock } = context.intake;
  const now = clock();
  const at = now.toISOString();
  const rows: ImportRow[] = [];
  const seen = new Set<string>();
  let mailed = false;
  await db.transaction().execute(async (trx) => {
    for (const { line, cells } of records) {
      const cell = (column: keyof typeof columns) =>
        restoredCell(columns[column] < 0 ? '' : (cells[columns[column]] ?? ''));
      const email = cell('email');
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
      const status = cell('status').toLowerCase();
      if (status === 'unsubscribed' || status === 'bounced') {
        rows.push({ line, email, outcome: 'skipped', message: `The file marks it ${status}: never added back.` });
        continue;
      }
      // A pending reader of an export never confirmed: asked again, whatever consent the file states.
      const consent = status === 'pending' ? null : statedConsent(cell('consentedAt'), cell('consentBasis'), dateOrder);
      if (consent !== null && 'problem' in consent) {
        rows.push(refused(line, email, consent.problem));
        continue;
      }
      if (consent !== null && Date.parse(consent.iso) > now.getTime()) {
        rows.push(refused(line, email, `consented_at: "${cell('consentedAt')}" is later than now.`));
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
        status: consent === null ? 'pending' : 'active',
        consent_text:
          consent === null
            ? 'Imported without stated consent: asked to confirm by e-mail'
            : `Imported: ${withoutImportPrefix(consent.basis)}`,
        consent_basis:
          consent === null ? 'import: confirmation asked' : `import: ${withoutImportPrefix(consent.basis)}`,
        consented_at: consent === null ? null : consent.iso,
        confirm_sent_at: consent === null ? at : null,
        confirmed_at: null,
        unsubscribed_at: null,
        // Imported, not arrived: no landing page nor campaign.
        ...attributionColumns(undefined),
        created_at: at,
        updated_at: at,
      };
      await insertSubscriber(trx, row);
      if (consent !== null) {
        rows.push({ line, email, outcome: 'active', message: `Active, on the basis stated: ${consent.basis}.` });
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
    delimiter,
    encoding,
    ...(dateOrder === undefined ? {} : { dateOrder }),
    active: count('active'),
    confirmationSent: count('confirmation-sent'),
    skipped: count('skipped'),
    refused: count('refused'),
    rows,
  };
}
