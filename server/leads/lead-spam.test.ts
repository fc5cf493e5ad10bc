import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testPdf } from '../test-support/cv-files.ts';
import {
  applicationFields,
  confirmationOf,
  enquiry,
  formToken,
  postApplication,
  postEnquiry,
  postEnquiryForm,
} from '../test-support/leads.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { applyRetention } from '../privacy/index.ts';
import { defaultNoticesPerHour } from '../mail/index.ts';

let testApp: TestApp;
let db: Kysely<Database>;

beforeEach(async () => {
  testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailTiming: { pollMs: 60_000 } });
  db = openDatabase(testApp.store);
});
afterEach(async () => {
  await db.destroy();
  await testApp.close();
});

const leads = () =>
  db.selectFrom('leads').select(['status', 'spam_reason']).orderBy('created_at').orderBy('status').execute();
const mails = () =>
  db.selectFrom('mail_outbox').select(['about', 'recipients', 'subject']).orderBy('created_at').execute();
const fields = { name: 'Priya', email: 'priya@example.com', message: 'Please call me about SEO.', consent: 'yes' };

describe('a post without a form token', () => {
  it('is spam when a script sends a form body but asks for JSON', async () => {
    const response = await testApp.app.inject(postEnquiryForm(fields, { accept: 'application/json' }));
    expect(response.statusCode).toBe(201);
    expect(await leads()).toEqual([{ status: 'spam', spam_reason: 'no form token' }]);
    expect(await mails()).toEqual([]);
  });

  it('is held, never new, when it asks for a page, until the page it gets back is confirmed once', async () => {
    const held = await testApp.app.inject(
      postApplication([...applicationFields(''), { name: 'cv', value: testPdf(), fileName: 'cv.pdf' }], {
        accept: 'text/html',
      }),
    );
    expect(held.statusCode).toBe(202);
    expect(await leads()).toEqual([{ status: 'spam', spam_reason: expect.stringContaining('not confirmed') }]);
    expect(await mails()).toEqual([]);
    // Pressed at once: a program, or a very quick person, is asked again.
    const tooSoon = await testApp.app.inject(confirmationOf(held.body));
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.body).toContain('press the button once more');
    expect((await leads())[0]!.status).toBe('spam');
    testApp.clock.advance(2000);
    expect((await testApp.app.inject(confirmationOf(tooSoon.body))).statusCode).toBe(303);
    // Pressed again (or replayed): nothing more happens.
    expect((await testApp.app.inject(confirmationOf(tooSoon.body))).statusCode).toBe(303);
    expect(await leads()).toEqual([{ status: 'new', spam_reason: null }]);
    expect((await mails()).map((mail) => mail.about)).toEqual([expect.stringMatching(/^lead:/)]);
  });

  it('cannot be confirmed with a forged token, a stale one, or the token of another lead', async () => {
    const first = await testApp.app.inject(postEnquiryForm(fields));
    const second = await testApp.app.inject(postEnquiryForm(fields));
    testApp.clock.advance(2000);
    const lead = (html: string) => /name="lead" value="([^"]+)"/.exec(html)![1]!;
    const token = (html: string) => /name="token" value="([^"]+)"/.exec(html)![1]!;
    const confirm = (leadId: string, tokenValue: string) =>
      testApp.app.inject({
        ...confirmationOf(first.body),
        payload: new URLSearchParams({ lead: leadId, token: tokenValue }).toString(),
      });
    const crossed = await confirm(lead(second.body), token(first.body));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.body).toContain('please send the form again');
    expect((await confirm(lead(first.body), `${Date.now()}.${'A'.repeat(43)}`)).statusCode).toBe(400);
    testApp.clock.advance(25 * 60 * 60 * 1000);
    expect((await confirm(lead(first.body), token(first.body))).statusCode).toBe(400);
    expect((await leads()).map((row) => row.status)).toEqual(['spam', 'spam']);
    expect(await mails()).toEqual([]);
  });
});

describe('form tokens', () => {
  it('are good for one post: the same token again is spam and notifies nobody', async () => {
    const token = await formToken(testApp.app, testApp.clock);
    const first = await testApp.app.inject(postEnquiry(enquiry({ formToken: token })));
    const replayed = await testApp.app.inject(postEnquiry(enquiry({ formToken: token })));
    expect([first.statusCode, replayed.statusCode]).toEqual([201, 201]);
    expect(await leads()).toEqual([
      { status: 'new', spam_reason: null },
      { status: 'spam', spam_reason: 'form token used before' },
    ]);
    expect(await mails()).toHaveLength(1);
  });
});

describe('limits', () => {
  it('count an IPv6 /64 as one sender, and keep only a keyed hash of it', async () => {
    const from = (host: number) => ({ remoteAddress: `2001:db8:5:7::${host.toString(16)}` });
    for (let post = 1; post <= 5; post += 1) {
      const token = await formToken(testApp.app, testApp.clock);
      const response = await testApp.app.inject({ ...postEnquiry(enquiry({ formToken: token })), ...from(post) });
      expect(response.statusCode).toBe(201);
    }
    const sixth = await testApp.app.inject({ ...postEnquiry(enquiry()), ...from(6) });
    expect(sixth.statusCode).toBe(429);
    const otherNetwork = await testApp.app.inject({
      ...postEnquiry(enquiry({ formToken: await formToken(testApp.app, testApp.clock) })),
      remoteAddress: '2001:db8:5:8::1',
    });
    expect(otherNetwork.statusCode).toBe(201);
    const stored = await db.selectFrom('form_posts').select('address').execute();
    expect(stored).toHaveLength(6);
    expect(JSON.stringify(stored)).not.toMatch(/2001|db8/);
    // The daily run forgets them once no limit counts them.
    testApp.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await applyRetention(db, testApp.clock.now(), 365);
    expect(await db.selectFrom('form_posts').select('address').execute()).toEqual([]);
  });

  it(`notify no more than ${defaultNoticesPerHour} leads an hour: the rest are kept as spam and sales is told once`, async () => {
    const extra = 3;
    for (let post = 0; post < defaultNoticesPerHour + extra; post += 1) {
      const token = await formToken(testApp.app, testApp.clock);
      const response = await testApp.app.inject({
        ...postEnquiry(enquiry({ formToken: token })),
        remoteAddress: `198.51.100.${post + 1}`,
      });
      expect(response.statusCode).toBe(201);
    }
    const statuses = (await leads()).map((row) => row.status);
    expect(statuses.filter((status) => status === 'new')).toHaveLength(defaultNoticesPerHour);
    expect(statuses.slice(defaultNoticesPerHour)).toEqual(new Array(extra).fill('spam'));
    expect((await leads()).at(-1)!.spam_reason).toMatch(/notices in an hour/);
    const sent = await mails();
    expect(sent.filter((mail) => mail.about?.startsWith('lead:'))).toHaveLength(defaultNoticesPerHour);
    const floods = sent.filter((mail) => mail.about === 'lead-flood');
    expect(floods).toHaveLength(1);
    expect(floods[0]!.subject).toContain(`more than ${defaultNoticesPerHour} leads in an hour`);
    // An hour later, notices go out again.
    testApp.clock.advance(60 * 60 * 1000);
    const later = await testApp.app.inject({
      ...postEnquiry(enquiry({ formToken: await formToken(testApp.app, testApp.clock) })),
      remoteAddress: '203.0.113.9',
    });
    expect(later.statusCode).toBe(201);
    expect((await leads()).at(-1)!.status).toBe('new');
  });
});
