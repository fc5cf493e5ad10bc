import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PrivacyExport } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { columnsHolding, sqliteFilesHolding } from '../test-support/address-scan.ts';
import { publishedPost, sendToSubscribers } from '../test-support/newsletter-sends.ts';
import { storeComments } from '../test-support/stored-comments.ts';
import { storeLeads } from '../test-support/stored-leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';
import { applyRetention } from './retention.ts';

/**
 * Deleting a subscriber, erasing an address and the retention of the unconfirmed leave nothing that names the person:
 * every column of every table is searched for the address, and on SQLite the file and its write-ahead log too.
 */

let testApp: TestApp;
let db: Kysely<Database>;
let cookie: string;

// A mail server that never answers: what is queued stays in the outbox, where the search must find it gone.
beforeEach(async () => {
  testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailTiming: { pollMs: 60_000 } });
  db = openDatabase(testApp.store);
  cookie = await signIn(testApp.app);
});
afterEach(async () => {
  await testApp.close();
  await db.destroy();
});

const gone = 'Gone.Reader@Example.com';
const goneKey = gone.toLowerCase();
const kept = 'kept.reader@example.com';
const dayMs = 24 * 60 * 60 * 1000;

async function subscribe(email: string): Promise<string> {
  const token = (await testApp.app.inject({ url: '/api/form-token?form=newsletter' })).json<{ token: string }>().token;
  testApp.clock.advance(5000);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    headers: { ...sameOrigin, accept: 'application/json' },
    payload: { email, consent: true, formToken: token },
  });
  expect(response.statusCode).toBe(202);
  const row = await db
    .selectFrom('subscribers')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Subscribes and opens the link of the confirmation mail waiting in the outbox. */
async function subscribeAndConfirm(email: string): Promise<string> {
  const id = await subscribe(email);
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text')
    .where('about', '=', `subscriber:${id}`)
    .executeTakeFirstOrThrow();
  const link = /\/newsletter\/confirm\?token=\S+/.exec(mail.text)![0];
  expect((await testApp.app.inject({ url: link })).statusCode).toBe(200);
  return id;
}

async function sendAPost(): Promise<void> {
  const post = await publishedPost(testApp.app, cookie);
  expect((await sendToSubscribers(testApp.app, cookie, post._id)).statusCode).toBe(202);
}

const privacyExport = async (email: string) =>
  (
    await testApp.app.inject(asAdmin(cookie, { url: `/api/privacy/export?email=${encodeURIComponent(email)}` }))
  ).json<PrivacyExport>();

/** Nothing of `goneKey` anywhere; the other reader still found, so the search looked where things are. */
async function expectNothingKept(): Promise<void> {
  expect(await columnsHolding(db, goneKey)).toEqual([]);
  expect(await columnsHolding(db, kept)).toContain('subscribers.email');
  if (testApp.store.databaseUrl) return;
  expect(sqliteFilesHolding(testApp.dataDir, goneKey)).toEqual([]);
  expect(sqliteFilesHolding(testApp.dataDir, kept)).not.toEqual([]);
}

describe('deleting a subscriber', () => {
  it('leaves nothing of its address: no message of a send, no outbox mail, nothing in the file or its log', async () => {
    const id = await subscribeAndConfirm(gone);
    await subscribeAndConfirm(kept);
    await sendAPost();
    expect(await columnsHolding(db, goneKey)).toEqual(
      expect.arrayContaining(['subscribers.email', 'newsletter_messages.email', 'mail_outbox.recipients']),
    );

    const deleted = await testApp.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/subscribers/${id}` }));
    expect(deleted.statusCode).toBe(204);
    await expectNothingKept();
    expect(await privacyExport(gone)).toMatchObject({ subscribers: [], newsletterMails: [] });
    // The other reader's messages are still there.
    expect((await privacyExport(kept)).newsletterMails.map((mail) => mail.subject)).toHaveLength(2);
  });
});

describe('erasing an address', () => {
  it('removes every row that names it, in every feature, rows an older deletion left included', async () => {
    await subscribeAndConfirm(gone);
    await subscribeAndConfirm(kept);
    await sendAPost();
    await storeLeads(testApp.store, [{ email: gone, message: `Write to ${gone} please.` }], testApp.clock.now());
    await storeComments(testApp.store, (await publishedPost(testApp.app, cookie))._id, [{ author_email: gone }]);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: gone, password: 'not a password of anyone' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      headers: sameOrigin,
      payload: { email: gone },
    });
    const invited = await testApp.app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/invitations', payload: { email: gone, role: 'author' } }),
    );
    expect(invited.statusCode).toBe(201);
    await db
      .insertInto('refused_forms')
      .values({
        id: 'a-refused-form',
        page: '/blog',
        state: JSON.stringify({ form: 'newsletter', values: { email: gone } }),
        email_key: goneKey,
        expires_at: new Date(testApp.clock.time + 60 * 60 * 1000).toISOString(),
      })
      .execute();
    // As a deletion before this release did: the subscriber's row alone.
    await db.deleteFrom('subscribers').where('email_key', '=', goneKey).execute();
    expect((await columnsHolding(db, goneKey)).sort()).toEqual(
      expect.arrayContaining([
        'audit_log.target',
        'comments.author_email',
        'invitations.email',
        'leads.email',
        'login_failures.email_key',
        'mail_outbox.recipients',
        'newsletter_messages.email',
        'refused_forms.email_key',
        'sign_in_links.email_key',
      ]),
    );

    // The export finds what was sent to the address, its subscriber gone: the confirmation link and the post.
    const subjects = (await privacyExport(gone)).newsletterMails.map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toContain('Confirm your subscription');

    const erased = await testApp.app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/privacy/erase', payload: { email: gone } }),
    );
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ leads: 1, comments: 1 });
    await expectNothingKept();
    // The invitation's entry stays in the audit log, without the address.
    const audit = await testApp.app.inject(asAdmin(cookie, { url: '/api/audit?action=invitation-create' }));
    expect(audit.json<AuditEntry[]>().map((entry) => entry.target)).toEqual(['an erased address']);
  });
});

describe('retention', () => {
  it('deletes a subscriber unconfirmed for 7 days with its confirmation mail, leaving nothing of it', async () => {
    await subscribe(gone);
    await subscribeAndConfirm(kept);
    expect(await columnsHolding(db, goneKey)).toEqual(expect.arrayContaining(['mail_outbox.recipients']));
    await applyRetention(db, new Date(testApp.clock.time + 7 * dayMs + 60_000), 365);
    await expectNothingKept();
  });
});
