import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readLeadFacts } from '../forms/index.ts';
import { openDatabase } from '../store/database.ts';
import { leaseOutboxMail } from './mail-outbox.ts';
import type { Database } from '../store/schema.ts';
import { enqueueMail } from './outbox.ts';
import { freePort } from '../test-support/free-port.ts';
import { enquiry, formToken, postEnquiry } from '../test-support/leads.ts';
import { SmtpSink } from '../test-support/smtp-sink.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let sink: SmtpSink;
let db: Kysely<Database>;
const facts = readLeadFacts();
const quickly = { pollMs: 30, firstBackoffMs: 50, maxBackoffMs: 200 };

async function start(options: { smtpUp: boolean }) {
  sink = new SmtpSink(await freePort());
  if (options.smtpUp) await sink.start();
  testApp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTiming: quickly });
  db = openDatabase(testApp.store);
}
afterEach(async () => {
  await testApp.close();
  await db.destroy();
  await sink.stop();
});

const sendEnquiry = async (app = testApp.app, message = 'We would like a quote for a new website.') => {
  const response = await app.inject(postEnquiry(enquiry({ message, formToken: await formToken(app, testApp.clock) })));
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>()._id;
};

describe('notifications of leads', () => {
  it('reach the sales address over SMTP, with the enquiry in words and a reply going to the person', async () => {
    await start({ smtpUp: true });
    await sendEnquiry();
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('New enquiry from Priya Menon');
    expect(mail!.to).toMatchObject({ value: [{ address: facts.salesEmail }] });
    expect(mail!.replyTo).toMatchObject({ value: [{ address: 'priya@example.com' }] });
    expect(mail!.text).toContain('We would like a quote for a new website.');
    const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('wait out an SMTP outage: the lead is accepted at once and its mail arrives once the server is back', async () => {
    await start({ smtpUp: false });
    const id = await sendEnquiry();
    await expect
      .poll(async () => (await db.selectFrom('mail_outbox').selectAll().execute())[0]?.attempts)
      .toBeGreaterThan(1);
    const failed = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sent_at: null, about: `lead:${id}` });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    await sink.start();
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('New enquiry from Priya Menon');
  });

  it('are sent once each when two instances deliver the same outbox', async () => {
    await start({ smtpUp: true });
    const other = await testApp.addInstance();
    const sent = 12;
    for (let lead = 0; lead < sent; lead += 1) {
      await sendEnquiry(lead % 2 === 0 ? testApp.app : other, `Enquiry number ${lead} about a website.`);
      // Each address may send five enquiries in ten minutes: these come from one test address.
      testApp.clock.advance(10 * 60 * 1000);
    }
    await sink.waitFor(sent);
    // Time for a second copy to arrive, were any mail sent twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = sink.mails.map((mail) => mail.messageId);
    expect(ids).toHaveLength(sent);
    expect(new Set(ids).size).toBe(sent);
  });
});

describe('the outbox lease', () => {
  it('goes to one of two workers claiming the same mail at once', async () => {
    // Without SMTP_URL no worker runs: the two claims below are the only ones.
    sink = new SmtpSink(await freePort());
    testApp = await createTestApp();
    db = openDatabase(testApp.store);
    const id = await enqueueMail(db, { to: ['a@example.com'], subject: 'Hello', text: 'Once.' });
    const now = new Date();
    const lease = (token: string) =>
      leaseOutboxMail(db, id, { token, until: new Date(now.getTime() + 60_000).toISOString(), now: now.toISOString() });
    expect((await Promise.all([lease('first'), lease('second')])).sort()).toEqual([false, true]);
    const later = new Date(now.getTime() + 61_000).toISOString();
    expect(await leaseOutboxMail(db, id, { token: 'third', until: later, now: later })).toBe(true);
  });
});

describe('without SMTP_URL', () => {
  it('says at start that leads go to the Inbox only, and queues no notices', async () => {
    const lines: string[] = [];
    sink = new SmtpSink(await freePort());
    testApp = await createTestApp({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    db = openDatabase(testApp.store);
    expect(lines.join('')).toContain('SMTP_URL is not set: leads go to the Inbox only');
    await sendEnquiry();
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });
});
