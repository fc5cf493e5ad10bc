import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PrivacyExport, Subscriber, SubscriberImportReport } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { asAdmin, createTestApp, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

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

const importCsv = (csv: string) =>
  testApp.app.inject(
    asAdmin(cookie, {
      method: 'POST',
      url: '/api/subscribers/import',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    }),
  );

const get = (url: string) => testApp.app.inject(asAdmin(cookie, { method: 'GET', url }));

const header = 'email,name,consented_at,consent_basis\r\n';

describe('the subscribers for those holding audience', () => {
  it('imports a CSV with a report per row: stated consent active, the rest asked by e-mail, known and bad refused', async () => {
    const response = await importCsv(
      header +
        'ada@example.com,Ada,2025-06-01,"paper form at the fair, 2025"\r\n' +
        'bob@example.com,Bob,,\r\n' +
        'not-an-address,,,\r\n' +
        'ADA@example.com,,,\r\n' +
        'cy@example.com,,2025-06-01,\r\n' +
        'di@example.com,,2099-01-01,met at a talk\r\n',
    );
    expect(response.statusCode).toBe(200);
    const report = response.json<SubscriberImportReport>();
    expect(report).toMatchObject({ active: 1, confirmationSent: 1, skipped: 1, refused: 3 });
    expect(report.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'active'],
      [3, 'confirmation-sent'],
      [4, 'refused'],
      [5, 'skipped'],
      [6, 'refused'],
      [7, 'refused'],
    ]);
    expect(report.rows[3]!.message).toContain('earlier in the file');
    expect(report.rows[4]!.message).toContain('both consented_at and consent_basis');
    expect(report.rows[5]!.message).toContain('later than now');
    const ada = await db
      .selectFrom('subscribers')
      .selectAll()
      .where('email_key', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(ada).toMatchObject({
      status: 'active',
      consent_basis: 'import: paper form at the fair, 2025',
      consented_at: '2025-06-01T00:00:00.000Z',
    });
    const mails = await db.selectFrom('mail_outbox').select(['recipients', 'about']).execute();
    expect(mails.map((mail) => JSON.parse(mail.recipients))).toEqual([['bob@example.com']]);

    // Imported again: everyone is known, nothing changes, an unsubscribed reader included.
    await db
      .updateTable('subscribers')
      .set({ status: 'unsubscribed' })
      .where('email_key', '=', 'ada@example.com')
      .execute();
    const again = (await importCsv(header + 'ada@example.com,,2025-06-01,fair\r\n')).json<SubscriberImportReport>();
    expect(again.rows[0]).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('unsubscribed') });
  });

  it('refuses a file without an email column or an empty one with 400 in words', async () => {
    const noHeader = await importCsv('ada@example.com,Ada\r\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json<{ message: string }>().message).toContain('header line');
    const empty = await importCsv(' ');
    expect(empty.statusCode).toBe(400);
    expect(await db.selectFrom('subscribers').select('id').execute()).toEqual([]);
  });

  it('lists newest first with status, search, paging and X-Total-Count; deletes one with 204, then 404', async () => {
    await importCsv(
      header +
        [
          'ada@example.com,Ada Lovelace,2025-06-01,fair',
          'bob@example.com,Bob,,',
          'cy@example.com,Cy Twombly,2025-06-01,fair',
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
    );
    const all = await get('/api/subscribers?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json<Subscriber[]>()).toHaveLength(2);
    const second = await get('/api/subscribers?limit=2&offset=2');
    expect(second.json<Subscriber[]>()).toHaveLength(1);
    const active = await get('/api/subscribers?status=active');
    expect(
      active
        .json<Subscriber[]>()
        .map((s) => s.email)
        .sort(),
    ).toEqual(['ada@example.com', 'cy@example.com']);
    const found = await get('/api/subscribers?q=TWOMB');
    expect(found.json<Subscriber[]>().map((s) => s.email)).toEqual(['cy@example.com']);
    expect((await get('/api/subscribers?q=100%25')).json<Subscriber[]>()).toEqual([]);
    expect((await get('/api/subscribers?status=gone')).statusCode).toBe(400);

    const id = found.json<Subscriber[]>()[0]!._id;
    const removed = await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/subscribers/${id}` }));
    expect(removed.statusCode).toBe(204);
    const again = await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/subscribers/${id}` }));
    expect(again.statusCode).toBe(404);
    expect((await get('/api/subscribers')).headers['x-total-count']).toBe('2');
  });

  it('exports CSV with formula cells made inert', async () => {
    await importCsv(header + 'ada@example.com,=HYPERLINK("http://x"),2025-06-01,"+fair; @talk"\r\n');
    const response = await get('/api/subscribers/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const [, line] = response.body.split('\r\n');
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).not.toMatch(/(^|,)[=+@-]/);
    expect(line).toContain("import: +fair; '@talk");
  });

  it('records who deleted, imported and exported subscribers, and how many, without their addresses', async () => {
    await importCsv(header + 'ada@example.com,Ada,2025-06-01,fair\r\nbob@example.com,,,\r\nnope,,,\r\n');
    testApp.clock.advance(1000);
    await get('/api/subscribers/export.csv?status=active&q=ada@example.com');
    testApp.clock.advance(1000);
    await get('/api/subscribers/export.csv');
    testApp.clock.advance(1000);
    const [ada] = (await get('/api/subscribers?q=ada')).json<Subscriber[]>();
    await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/subscribers/${ada!._id}` }));
    // A refused import and a delete that found no one changed nothing: nothing to record.
    await importCsv('no header here\r\n');
    await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/subscribers/${ada!._id}` }));

    const entries = (await get('/api/audit?limit=100'))
      .json<AuditEntry[]>()
      .filter((entry) => entry.action.startsWith('subscriber-'))
      .map(({ action, actor, target, targetName }) => ({ action, actor, target, targetName }))
      .reverse();
    const by = { actor: testAdmin.email, targetName: null };
    expect(entries).toEqual([
      { action: 'subscriber-import', target: '3 rows: 1 active, 1 asked to confirm, 0 skipped, 1 refused', ...by },
      { action: 'subscriber-export', target: '1 subscriber, chosen by status active and a search', ...by },
      { action: 'subscriber-export', target: '2 subscribers', ...by },
      { action: 'subscriber-delete', target: ada!._id, ...by },
    ]);
    expect(JSON.stringify(entries)).not.toContain('ada@example.com');
    const filtered = await get('/api/audit?action=subscriber-import');
    expect(filtered.json<AuditEntry[]>()).toHaveLength(1);
  });

  it('refuses a visitor with 401', async () => {
    const response = await testApp.app.inject({ url: '/api/subscribers' });
    expect(response.statusCode).toBe(401);
  });

  it('puts the subscriber and what was e-mailed to it in a privacy export, and erases both', async () => {
    await importCsv(header + 'bob@example.com,Bob,,\r\n');
    const exported = await get('/api/privacy/export?email=BOB@example.com');
    expect(exported.statusCode).toBe(200);
    const data = exported.json<PrivacyExport>();
    expect(data.subscribers).toMatchObject([{ email: 'bob@example.com', status: 'pending', name: 'Bob' }]);
    expect(data.newsletterMails).toMatchObject([{ subject: 'Confirm your subscription to the Northbeam newsletter' }]);
    const erased = await testApp.app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/privacy/erase', payload: { email: 'bob@example.com' } }),
    );
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ subscribers: 1 });
    expect(await db.selectFrom('subscribers').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });
});
