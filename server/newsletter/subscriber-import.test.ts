import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, SubscriberImportReport } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let db: Kysely<Database>;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailTiming: { pollMs: 60_000 } });
  db = openDatabase(testApp.store);
  cookie = await signIn(testApp.app);
});
afterEach(async () => {
  await testApp.close();
  await db.destroy();
});

const importFile = (file: string | Buffer, query = '') =>
  testApp.app.inject(
    asAdmin(cookie, {
      method: 'POST',
      url: `/api/subscribers/import${query}`,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    }),
  );

const bom = '\ufeff';
const consentOf = async (email: string) =>
  (await db
    .selectFrom('subscribers')
    .select(['consented_at', 'consent_basis', 'name', 'status'])
    .where('email_key', '=', email)
    .executeTakeFirst()) ?? null;

describe('importing subscribers from what spreadsheets save', () => {
  it('imports Excel’s CSV from India: a BOM, semicolons, CRLF, quoted cells; and says how it read it', async () => {
    const response = await importFile(
      bom +
        'email;name;consented_at;consent_basis\r\n' +
        'asha@example.in;"Rao; Asha";2025-11-07 14:30;"stall at the fair, Pune"\r\n' +
        'vik@example.in;"Vikram\r\n""Vik"" Shah";;\r\n',
    );
    expect(response.statusCode).toBe(200);
    const report = response.json<SubscriberImportReport>();
    expect(report).toMatchObject({ delimiter: ';', encoding: 'utf-8', active: 1, confirmationSent: 1, refused: 0 });
    expect(report).not.toHaveProperty('dateOrder');
    expect(report.rows.map((row) => [row.line, row.email, row.outcome])).toEqual([
      [2, 'asha@example.in', 'active'],
      [3, 'vik@example.in', 'confirmation-sent'],
    ]);
    expect(await consentOf('asha@example.in')).toEqual({
      consented_at: '2025-11-07T14:30:00.000Z',
      consent_basis: 'import: stall at the fair, Pune',
      name: 'Rao; Asha',
      status: 'active',
    });
    expect((await consentOf('vik@example.in'))?.name).toBe('Vikram "Vik" Shah');
  });

  it('imports tab-separated text and Excel’s "Unicode text" (UTF-16 with a BOM)', async () => {
    const tabs = (await importFile('email\tname\ntab@example.com\tTab, the first\n')).json<SubscriberImportReport>();
    expect(tabs).toMatchObject({ delimiter: '\t', confirmationSent: 1 });
    const unicode = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email\tname\r\nzoe@example.com\tZoë\r\n', 'utf16le'),
    ]);
    const read = await importFile(unicode);
    expect(read.json<SubscriberImportReport>()).toMatchObject({ delimiter: '\t', encoding: 'utf-16le' });
    expect((await consentOf('zoe@example.com'))?.name).toBe('Zoë');
  });

  it('numbers each row by its line in the file, blank lines and line breaks in cells counted', async () => {
    const report = (
      await importFile('email,name\n\na@example.com,"Two\nlines"\n\n\nnot-an-address,\nb@example.com,B\n')
    ).json<SubscriberImportReport>();
    expect(report.rows.map((row) => [row.line, row.outcome])).toEqual([
      [3, 'confirmation-sent'],
      [7, 'refused'],
      [8, 'confirmation-sent'],
    ]);
  });

  it('refuses a file without an email column in words, saying how it was read and what its first line holds', async () => {
    const response = await importFile(`${bom}e-mail;name\r\nada@example.com;Ada\r\n`);
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.message).toBe('The file needs a header line naming its columns, with at least "email".');
    expect(error.details[0]!.message).toContain(
      'read as semicolon-separated (;), its first line holds "e-mail", "name"',
    );
    for (const [file, message] of [
      [`${bom}\r\n\r\n`, /^The file is empty/],
      [Buffer.from('PK\u0003\u0004xl/workbook.xml', 'latin1'), /workbook, not CSV/],
      ['email,name\nc@example.com,"Cy\n', /^Line 2 opens a quote/],
    ] as const) {
      const refused = await importFile(file);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().message).toMatch(message);
    }
    expect(await db.selectFrom('subscribers').select('id').execute()).toEqual([]);
  });
});

describe('dates in an import', () => {
  const file =
    'email,consented_at,consent_basis\n' +
    'iso@example.com,2025-11-07T14:30:00+05:30,fair\n' +
    'slash@example.com,07/11/2025 14:30,fair\n' +
    'late@example.com,13/11/2025,fair\n';

  it('reads ISO 8601 always, and refuses a day-and-month date without the order, naming the row', async () => {
    const report = (await importFile(file)).json<SubscriberImportReport>();
    expect(report.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'active'],
      [3, 'refused'],
      [4, 'refused'],
    ]);
    expect(report.rows[1]!.message).toBe(
      'consented_at: "07/11/2025 14:30" could be 7 November or 11 July, and does not say whether the day or the ' +
        "month comes first: choose the order of the file's dates and import it again, or write dates year first " +
        '(YYYY-MM-DD).',
    );
    expect(report.rows[2]!.message).toContain('does not say whether the day or the month comes first');
    expect((await consentOf('iso@example.com'))?.consented_at).toBe('2025-11-07T09:00:00.000Z');
    expect(await consentOf('slash@example.com')).toBeNull();
  });

  it('reads them day first or month first when told, and refuses a date that has no such reading', async () => {
    const dayFirst = (await importFile(file, '?dateOrder=day-first')).json<SubscriberImportReport>();
    expect(dayFirst).toMatchObject({ dateOrder: 'day-first', active: 3, refused: 0 });
    expect((await consentOf('slash@example.com'))?.consented_at).toBe('2025-11-07T14:30:00.000Z');
    expect((await consentOf('late@example.com'))?.consented_at).toBe('2025-11-13T00:00:00.000Z');

    const monthFirst = (
      await importFile(
        'email,consented_at,consent_basis\nus@example.com,07/11/2025,fair\nx@example.com,13/11/2025,fair\n',
        '?dateOrder=month-first',
      )
    ).json<SubscriberImportReport>();
    expect(monthFirst.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'active'],
      [3, 'refused'],
    ]);
    expect(monthFirst.rows[1]!.message).toContain('no date and time with the month first');
    expect((await consentOf('us@example.com'))?.consented_at).toBe('2025-07-11T00:00:00.000Z');
  });

  it('refuses an order it does not know with 400 naming dateOrder, and a date later than now', async () => {
    const response = await importFile(file, '?dateOrder=year-first');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json<ApiError>().details)).toContain('dateOrder');
    const future = (
      await importFile('email,consented_at,consent_basis\nsoon@example.com,2099-01-01,fair\n')
    ).json<SubscriberImportReport>();
    expect(future.rows[0]).toMatchObject({ outcome: 'refused', message: expect.stringContaining('later than now') });
  });
});

describe('the export, read back by the import', () => {
  it('writes snake_case headers and UTC times a spreadsheet reads, which an import on another list reads back', async () => {
    await importFile(
      'email,name,consented_at,consent_basis\n' +
        'ada@example.com,"=HYPERLINK(""http://x"")",2025-06-01T10:20:30.456Z,"+fair; @talk"\n' +
        'bob@example.com,Bob,,\n',
    );
    const exported = await testApp.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/subscribers/export.csv' }));
    const [head, ...lines] = exported.body.split('\r\n');
    expect(head).toBe(
      '\ufeffemail,name,consented_at_utc,consent_basis,status,consent_text,subscribed_at_utc,confirmed_at_utc,' +
        'unsubscribed_at_utc,landing_page,referrer,utm_source,utm_medium,utm_campaign,id',
    );
    const ada = lines.find((line) => line.startsWith('ada@'))!;
    expect(ada).toContain(
      `ada@example.com,"'=HYPERLINK(""http://x"")",2025-06-01 10:20:30,"import: +fair; '@talk",active`,
    );
    expect(ada).toContain(',2025-12-01 12:00:00,');
    expect(exported.body).not.toMatch(/\d{2}\.\d{3}Z/);

    expect(lines.find((line) => line.startsWith('bob@'))).toMatch(/^bob@example\.com,Bob,,,pending,/);

    // Into another list: stated consent kept, the one never confirmed asked again, the unsubscribed never added.
    await db
      .updateTable('subscribers')
      .set({ status: 'unsubscribed' })
      .where('email_key', '=', 'bob@example.com')
      .execute();
    const again = await testApp.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/subscribers/export.csv' }));
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('subscribers').execute();
    const report = (await importFile(Buffer.from(exported.body))).json<SubscriberImportReport>();
    expect(report).toMatchObject({ delimiter: ',', active: 1, confirmationSent: 1, refused: 0 });
    expect(await consentOf('ada@example.com')).toMatchObject({
      name: '=HYPERLINK("http://x")',
      consented_at: '2025-06-01T10:20:30.000Z',
      consent_basis: 'import: +fair; @talk',
      status: 'active',
    });
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('subscribers').execute();
    const unsubscribed = (await importFile(Buffer.from(again.body))).json<SubscriberImportReport>();
    const outcomes = unsubscribed.rows.map((row) => [row.email, row.outcome, row.message]);
    expect(outcomes.sort()).toEqual([
      ['ada@example.com', 'active', 'Active, on the basis stated: import: +fair; @talk.'],
      ['bob@example.com', 'skipped', 'The file marks it unsubscribed: never added back.'],
    ]);
  });
});
