import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDocm, testDocx, testPdf } from '../test-support/cv-files.ts';
import {
  applicationFields,
  confirmationOf,
  enquiry,
  formToken,
  postApplication,
  postEnquiry,
  postEnquiryForm,
} from '../test-support/leads.ts';
import { testImage } from '../test-support/media.ts';
import { createTestApp, sameOrigin, type TestApp } from '../test-support/test-app.ts';
import { openDatabase } from '../store/database.ts';
import { readLead } from './lead-store.ts';
import type { Database } from '../store/schema.ts';
import { readLeadFacts } from '../forms/index.ts';

let testApp: TestApp;
let db: Kysely<Database>;
const facts = readLeadFacts();

beforeEach(async () => {
  testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailTiming: { pollMs: 60_000 } });
  db = openDatabase(testApp.store);
});
afterEach(async () => {
  await db.destroy();
  await testApp.close();
});

const countRows = async (table: 'leads' | 'mail_outbox' | 'lead_files') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/enquiries', () => {
  it('stores an enquiry with the consent text shown, its attribution and its arrival, and queues its notification', async () => {
    const token = await formToken(testApp.app, testApp.clock);
    const attribution = { landingPage: '/seo?utm_source=news', referrerHost: 'www.News.example', utmSource: 'news' };
    const response = await testApp.app.inject(
      postEnquiry(enquiry({ formToken: token, service: 'seo', budget: facts.budgets[0], attribution })),
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const lead = await readLead(db, response.json<{ _id: string }>()._id);
    expect(lead).toMatchObject({
      type: 'enquiry',
      status: 'new',
      name: 'Priya Menon',
      service: 'seo',
      budget: facts.budgets[0],
      consentText: facts.shown('enquiry', undefined)!.consentText,
      // The page as a path and the host by the rule page views are counted by: one source for both.
      attribution: { landingPage: '/seo', referrerHost: 'news.example', utmSource: 'news' },
      history: [{ by: null, status: 'new' }],
    });
    const mail = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(mail.recipients)).toEqual([facts.salesEmail]);
    expect(mail.about).toBe(`lead:${lead!._id}`);
    expect(mail.text).toContain('We need a new website');
    expect(mail.text).toMatch(new RegExp(`^Open it in the Inbox .*: http://[^/]+/admin/inbox/${lead!._id}$`, 'm'));
  });

  it('refuses missing and malformed fields with 400, naming each field, and stores nothing', async () => {
    const missing = await testApp.app.inject(postEnquiry({}));
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ details: { path: string }[] }>()
        .details.map((detail) => detail.path)
        .sort(),
    ).toEqual(['/consent', '/email', '/message', '/name'].sort());
    const cases: [object, string][] = [
      [enquiry({ email: 'not-an-address' }), '/email'],
      [enquiry({ message: 'Too short' }), '/message'],
      [enquiry({ message: '          x' }), '/message'],
      [enquiry({ name: 'x'.repeat(101) }), '/name'],
      [enquiry({ name: '   ' }), '/name'],
      [enquiry({ service: 'astrology' }), '/service'],
      [enquiry({ budget: 'A million dollars' }), '/budget'],
      [{ ...enquiry(), consent: false }, '/consent'],
      [{ ...enquiry(), favouriteColour: 'blue' }, '/favouriteColour'],
      [enquiry({ attribution: { landingPage: 'x'.repeat(2001) } }), '/attribution/landingPage'],
    ];
    for (const [body, path] of cases) {
      const response = await testApp.app.inject(postEnquiry(body));
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ details: { path: string }[] }>().details.map((detail) => detail.path)).toContain(path);
    }
    expect(await countRows('leads')).toBe(0);
  });

  it('refuses an address a mailto: link would read as more headers, naming the field', async () => {
    for (const email of [
      'a?cc=spy%40evil.example&body=hi@example.com',
      'a b@example.com',
      'a@example',
      'x@-a.example',
    ]) {
      const response = await testApp.app.inject(postEnquiry(enquiry({ email })));
      expect(response.statusCode, email).toBe(400);
      expect(response.json<{ details: { path: string }[] }>().details.map((detail) => detail.path)).toEqual(['/email']);
    }
    const fine = await testApp.app.inject(postEnquiry(enquiry({ email: "o'brien+work@mail.example.co.uk" })));
    expect(fine.statusCode).toBe(201);
  });

  it('keeps every one-line field on one line, so that nothing forges lines in the notice', async () => {
    const token = await formToken(testApp.app, testApp.clock);
    const response = await testApp.app.inject(
      postEnquiry(
        enquiry({
          formToken: token,
          name: 'Priya\r\nBudget: a million',
          phone: '0123\nService: free',
          company: 'Acme\u2028Landing page: /x\u0007',
        }),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const lead = await readLead(db, response.json<{ _id: string }>()._id);
    expect(lead).toMatchObject({
      name: 'Priya Budget: a million',
      phone: '0123 Service: free',
      company: 'Acme Landing page: /x',
    });
    const mail = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.text).not.toMatch(/^(Budget|Service|Landing page):/m);
    expect(mail.subject).toBe('New enquiry from Priya Budget: a million');
  });

  it('refuses a body over the limit with 413, and an unknown body type with 415', async () => {
    const huge = await testApp.app.inject(postEnquiry(enquiry({ message: 'x'.repeat(1_100_000) })));
    expect(huge.statusCode).toBe(413);
    const hugeForm = await testApp.app.inject(postEnquiryForm({ message: 'x'.repeat(70_000) }));
    expect(hugeForm.statusCode).toBe(413);
    const text = await testApp.app.inject({
      ...postEnquiry({}),
      headers: { ...sameOrigin, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(await countRows('leads')).toBe(0);
  });

  it('holds a form sent without JavaScript until its sender confirms it, then answers 303 to the thank-you page', async () => {
    const response = await testApp.app.inject(
      postEnquiryForm(
        {
          name: 'Priya',
          email: 'priya@example.com',
          message: 'Please call me about SEO.',
          consent: 'yes',
          phone: '',
          returnTo: '/seo',
          website: '',
        },
        { referer: 'http://localhost/seo?utm_source=flyer' },
      ),
    );
    expect(response.statusCode).toBe(202);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<button type="submit">Send my enquiry</button>');
    const held = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: 'spam', phone: null, landing_page: '/seo', utm_source: 'flyer' });
    expect(await countRows('mail_outbox')).toBe(0);
    testApp.clock.advance(2000);
    const confirmed = await testApp.app.inject(confirmationOf(response.body));
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(facts.enquiryThankYouRoute);
    const row = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'new', spam_reason: null });
    expect(await countRows('mail_outbox')).toBe(1);
  });

  it('takes the landing page of a form sent again without JavaScript from the form, not from the API’s address', async () => {
    const fields = { name: 'Priya', email: 'priya@example.com', consent: 'yes', returnTo: '/contact', website: '' };
    // The first try is refused: the browser shows the form again at the address it posted to.
    const refused = await testApp.app.inject(
      postEnquiryForm({ ...fields, message: 'short' }, { referer: 'http://localhost/contact' }),
    );
    expect(refused.statusCode).toBe(400);
    const second = await testApp.app.inject(
      postEnquiryForm(
        { ...fields, message: 'Please call me about SEO.' },
        { referer: 'http://localhost/api/enquiries' },
      ),
    );
    // Held until its sender confirms it (decision 0012); its landing page is the form's.
    expect(second.statusCode).toBe(202);
    const row = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ landing_page: '/contact', utm_source: null });
    // A form without its page's name never takes the API's address for one either.
    const bare = await testApp.app.inject(
      postEnquiryForm(
        { name: 'Sam', email: 'sam@example.com', consent: 'yes', message: 'Please call me about ads.' },
        { referer: 'http://localhost/api/enquiries' },
      ),
    );
    expect(bare.statusCode).toBe(202);
    const rows = await db.selectFrom('leads').select(['name', 'landing_page']).where('name', '=', 'Sam').execute();
    expect(rows).toEqual([{ name: 'Sam', landing_page: null }]);
  });

  it('keeps a lead whose attribution names another site, without that site: same-site paths and hosts only', async () => {
    for (const [landingPage, referrerHost] of [
      ['//evil.example/offer', 'https://evil.example/offer'],
      ['/\\evil.example/offer', 'evil.example/<b>'],
    ]) {
      const token = await formToken(testApp.app, testApp.clock);
      const response = await testApp.app.inject(
        postEnquiry(
          enquiry({ formToken: token, attribution: { landingPage, referrerHost, utmCampaign: 'x'.repeat(200) } }),
        ),
      );
      expect(response.statusCode).toBe(201);
      const lead = await readLead(db, response.json<{ _id: string }>()._id);
      expect(lead!.attribution).toEqual({ utmCampaign: 'x'.repeat(100) });
    }
  });

  it('answers a refused form sent without JavaScript with a page naming the problems, never a blank one', async () => {
    const response = await testApp.app.inject(
      postEnquiryForm({ name: 'Priya', email: 'nope', message: 'short', returnTo: '/contact' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('email: must match format');
    expect(response.body).toContain('consent');
    expect(response.body).toContain('href="/contact"');
    expect(await countRows('leads')).toBe(0);
  });
});

describe('spam', () => {
  const spamCases: [string, (token: string) => object][] = [
    ['honeypot', (token) => enquiry({ formToken: token, website: 'http://seo-deals.example' })],
    ['forged token', () => enquiry({ formToken: `${Date.parse('2025-12-01T11:00:00Z')}.${'A'.repeat(43)}` })],
    ['no token from a script', () => enquiry()],
    [
      'links',
      (token) => enquiry({ formToken: token, message: 'Buy http://a.example http://b.example and www.c.example now' }),
    ],
  ];
  for (const [name, body] of spamCases) {
    it(`keeps a post caught by the ${name} as spam, answers it as a success and notifies nobody`, async () => {
      const token = await formToken(testApp.app, testApp.clock);
      const response = await testApp.app.inject(postEnquiry(body(token)));
      expect(response.statusCode).toBe(201);
      expect((await readLead(db, response.json<{ _id: string }>()._id))?.status).toBe('spam');
      expect(await countRows('mail_outbox')).toBe(0);
    });
  }

  it('treats a form sent under 3 s after it was shown, or a day later, as spam', async () => {
    const fast = await testApp.app.inject({ url: '/api/form-token?form=enquiry' });
    testApp.clock.advance(1000);
    const tooFast = await testApp.app.inject(postEnquiry(enquiry({ formToken: fast.json<{ token: string }>().token })));
    const stale = await formToken(testApp.app, testApp.clock);
    testApp.clock.advance(25 * 60 * 60 * 1000);
    const tooLate = await testApp.app.inject(postEnquiry(enquiry({ formToken: stale })));
    const wrongForm = await formToken(testApp.app, testApp.clock, 'application');
    const otherForm = await testApp.app.inject(postEnquiry(enquiry({ formToken: wrongForm })));
    const reasons = await db.selectFrom('leads').select(['status', 'spam_reason']).orderBy('created_at').execute();
    expect([tooFast, tooLate, otherForm].map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(reasons).toEqual([
      { status: 'spam', spam_reason: 'sent under 3 s after the form was shown' },
      { status: 'spam', spam_reason: 'stale form token' },
      { status: 'spam', spam_reason: 'forged form token' },
    ]);
  });

  it('limits posts per address across instances: 429 with Retry-After, nothing stored', async () => {
    const other = await testApp.addInstance();
    for (let post = 0; post < 5; post += 1) {
      const app = post % 2 === 0 ? testApp.app : other;
      const response = await app.inject(postEnquiry(enquiry({ formToken: await formToken(app, testApp.clock) })));
      expect(response.statusCode).toBe(201);
    }
    const refused = await other.inject(postEnquiry(enquiry()));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/please wait \d+ (seconds|minutes)/);
    expect(await countRows('leads')).toBe(5);
    testApp.clock.advance(Number(refused.headers['retry-after']) * 1000);
    const later = await other.inject(postEnquiry(enquiry({ formToken: await formToken(other, testApp.clock) })));
    expect(later.statusCode).toBe(201);
  });
});

describe('POST /api/applications', () => {
  it('stores an application with its CV (PDF or DOCX by its bytes) and notifies HR', async () => {
    for (const [file, fileName, mimeType] of [
      [testPdf(), 'cv.pdf', 'application/pdf'],
      [testDocx(), 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const) {
      const token = await formToken(testApp.app, testApp.clock, 'application');
      const response = await testApp.app.inject(
        postApplication([
          ...applicationFields(token, { role: 'Designer', coverLetter: 'I like careful work.' }),
          { name: 'cv', value: file, fileName, contentType: 'application/octet-stream' },
        ]),
      );
      expect(response.statusCode).toBe(201);
      const lead = await readLead(db, response.json<{ _id: string }>()._id);
      expect(lead).toMatchObject({
        type: 'application',
        status: 'new',
        role: 'Designer',
        coverLetter: 'I like careful work.',
        consentText: facts.shown('application', undefined)!.consentText,
        cv: { fileName, mimeType, bytes: file.length },
      });
    }
    const mails = await db.selectFrom('mail_outbox').select('recipients').execute();
    expect(mails.map((mail) => JSON.parse(mail.recipients))).toEqual([[facts.hrEmail], [facts.hrEmail]]);
  });

  it('refuses a CV that is not a PDF or DOCX by its bytes with 415 and a sentence, whatever its name', async () => {
    for (const [file, fileName, words] of [
      [await testImage(20, 20), 'cv.pdf', 'a .png file'],
      [testDocm(), 'cv.docx', 'with macros (.docm)'],
      [Buffer.from('MZ\x90\x00 an executable'), 'cv.pdf', 'a .exe file'],
      [Buffer.from('Dear HR, please hire me.'), 'cv.pdf', 'not a PDF or Word document'],
    ] as const) {
      const token = await formToken(testApp.app, testApp.clock, 'application');
      const response = await testApp.app.inject(
        postApplication([
          ...applicationFields(token),
          { name: 'cv', value: file, fileName, contentType: 'application/pdf' },
        ]),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json<{ message: string }>().message).toContain(words);
      expect(response.json<{ message: string }>().message).toContain('Save it as PDF or .docx');
    }
    expect(await countRows('leads')).toBe(0);
  });

  it('refuses a CV over 10 MB with 413 and stores nothing, whether or not its size was declared', async () => {
    const token = await formToken(testApp.app, testApp.clock, 'application');
    const big = Buffer.concat([testPdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const request = postApplication([...applicationFields(token), { name: 'cv', value: big, fileName: 'cv.pdf' }]);
    const declared = await testApp.app.inject(request);
    expect(declared.statusCode).toBe(413);
    expect(declared.json<{ message: string }>().message).toContain('larger than 10 MB');
    // A stream has no declared length: the limit is found while reading, which stops at 10 MB.
    const chunked = await testApp.app.inject({ ...request, payload: Readable.from([request.payload as Buffer]) });
    expect(chunked.statusCode).toBe(413);
    expect(await countRows('leads')).toBe(0);
    expect(await countRows('lead_files')).toBe(0);
  });

  it('names each missing field, the CV included; refuses a body that is not multipart with 415', async () => {
    const response = await testApp.app.inject(postApplication([{ name: 'email', value: 'bad' }]));
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ details: { path: string }[] }>()
        .details.map((detail) => detail.path)
        .sort(),
    ).toEqual(['/consent', '/cv', '/email', '/name'].sort());
    const json = await testApp.app.inject({ ...postEnquiry(enquiry()), url: '/api/applications' });
    expect(json.statusCode).toBe(415);
  });

  it('holds a plain form post until it is confirmed, then 303 to the thank-you page; a refused one gets the page again', async () => {
    const page = { accept: 'text/html' };
    const held = await testApp.app.inject(
      postApplication([...applicationFields(''), { name: 'cv', value: testPdf(), fileName: 'cv.pdf' }], page),
    );
    expect(held.statusCode).toBe(202);
    testApp.clock.advance(2000);
    const accepted = await testApp.app.inject(confirmationOf(held.body));
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(facts.applicationThankYouRoute);
    const refused = await testApp.app.inject(
      postApplication(
        [...applicationFields('', { name: '' }), { name: 'cv', value: testDocm(), fileName: 'cv.docm' }],
        page,
      ),
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('PDF or a Word document');
  });
});
