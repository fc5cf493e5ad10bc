import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetention } from '../privacy/index.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { freePort } from '../test-support/free-port.ts';
import { SmtpSink } from '../test-support/smtp-sink.ts';
import { createTestApp, sameOrigin, type TestApp } from '../test-support/test-app.ts';
import { readLeadFacts } from '../forms/index.ts';

let testApp: TestApp;
let sink: SmtpSink;
let db: Kysely<Database>;
const facts = readLeadFacts();
const hour = 60 * 60 * 1000;

beforeEach(async () => {
  sink = new SmtpSink(await freePort());
  await sink.start();
  testApp = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    mailTiming: { pollMs: 30, firstBackoffMs: 50 },
  });
  db = openDatabase(testApp.store);
});
afterEach(async () => {
  await testApp.close();
  await db.destroy();
  await sink.stop();
});

async function newsletterToken(): Promise<string> {
  const response = await testApp.app.inject({ url: '/api/form-token?form=newsletter' });
  testApp.clock.advance(5000);
  return response.json<{ token: string }>().token;
}

async function subscribeJson(body: object) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    headers: { ...sameOrigin, accept: 'application/json' },
    payload: body,
  });
}

function subscribeForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    headers: {
      ...sameOrigin,
      accept: 'text/html,application/xhtml+xml',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const subscriber = (email: string) =>
  db.selectFrom('subscribers').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst();

const linkIn = (text: string | undefined, path: string): string => {
  const link = new RegExp(`https?://[^\\s]+${path}\\?token=[^\\s]+`).exec(text ?? '')?.[0];
  if (!link) throw new Error(`No ${path} link in ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('subscribing and confirming', () => {
  it('stores a pending subscriber with consent, time and landing page, e-mails a link that makes it active once', async () => {
    const attribution = { landingPage: '/blogs/seo?utm_source=news', referrerHost: 'news.example', utmCampaign: 'nov' };
    const response = await subscribeJson({
      email: 'Reader@Example.com',
      name: 'Ravi',
      consent: true,
      formToken: await newsletterToken(),
      attribution,
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers['cache-control']).toBe('no-store');
    const pending = await subscriber('reader@example.com');
    expect(pending).toMatchObject({
      email: 'Reader@Example.com',
      name: 'Ravi',
      status: 'pending',
      consent_text: facts.newsletterConsentText,
      consent_basis: 'form',
      consented_at: testApp.clock.now().toISOString(),
      landing_page: '/blogs/seo',
      referrer_host: 'news.example',
      utm_campaign: 'nov',
      confirmed_at: null,
    });

    const [mail] = await sink.waitFor(1);
    // The domain of an address is case-blind; nodemailer writes it in lower case.
    expect(mail!.to).toMatchObject({ value: [{ address: 'Reader@example.com' }] });
    expect(mail!.subject).toBe('Confirm your subscription to the Northbeam newsletter');
    const confirm = linkIn(mail!.text, '/newsletter/confirm');

    const confirmed = await testApp.app.inject({ url: confirm });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(confirmed.body).toContain('You are subscribed');
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'active', confirm_sent_at: null });
    expect((await subscriber('reader@example.com'))!.confirmed_at).not.toBeNull();

    // Single use: the same link again says so, and changes nothing.
    const again = await testApp.app.inject({ url: confirm });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This link was used already');
    expect(again.body).toContain('Subscribe again');
  });

  it('refuses a link older than 48 hours, a forged one, and one replaced by a newer link', async () => {
    await subscribeJson({ email: 'late@example.com', consent: true, formToken: await newsletterToken() });
    const [first] = await sink.waitFor(1);
    const firstLink = linkIn(first!.text, '/newsletter/confirm');

    const forged = await testApp.app.inject({ url: firstLink.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link is not valid');

    // A second signup after ten minutes sends a new link: only the newest confirms.
    testApp.clock.advance(11 * 60 * 1000);
    expect(
      (await subscribeJson({ email: 'late@example.com', consent: true, formToken: await newsletterToken() }))
        .statusCode,
    ).toBe(202);
    const [, second] = await sink.waitFor(2);
    const secondLink = linkIn(second!.text, '/newsletter/confirm');
    expect(secondLink).not.toBe(firstLink);
    expect((await testApp.app.inject({ url: firstLink })).statusCode).toBe(409);

    testApp.clock.advance(48 * hour + 1000);
    const expired = await testApp.app.inject({ url: secondLink });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await subscriber('late@example.com'))!.status).toBe('pending');
  });

  it('answers alike whether the address is new, pending or active, and mails an active one nothing the day it was mailed', async () => {
    await subscribeJson({ email: 'known@example.com', consent: true, formToken: await newsletterToken() });
    const [mail] = await sink.waitFor(1);
    await testApp.app.inject({ url: linkIn(mail!.text, '/newsletter/confirm') });

    const known = await subscribeJson({
      email: 'known@example.com',
      consent: true,
      formToken: await newsletterToken(),
    });
    const unknown = await subscribeJson({
      email: 'new@example.com',
      consent: true,
      formToken: await newsletterToken(),
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    await sink.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.map((received) => received.to)).toEqual([
      expect.objectContaining({ value: [{ address: 'known@example.com', name: '' }] }),
      expect.objectContaining({ value: [{ address: 'new@example.com', name: '' }] }),
    ]);
    expect((await subscriber('known@example.com'))!.status).toBe('active');
  });

  it('stores nothing and mails nobody for spam: honeypot, no token, a token used twice', async () => {
    const trapped = await subscribeJson({
      email: 'a@example.com',
      consent: true,
      formToken: await newsletterToken(),
      website: 'x',
    });
    const tokenless = await subscribeJson({ email: 'b@example.com', consent: true });
    const token = await newsletterToken();
    const first = await subscribeJson({ email: 'c@example.com', consent: true, formToken: token });
    const reused = await subscribeJson({ email: 'd@example.com', consent: true, formToken: token });
    for (const response of [trapped, tokenless, first, reused]) expect(response.statusCode).toBe(202);
    const stored = await db.selectFrom('subscribers').select('email').execute();
    expect(stored.map((row) => row.email)).toEqual(['c@example.com']);
    await sink.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails).toHaveLength(1);
  });

  it('refuses a malformed address or missing consent with 400 naming the field, and storms with 429', async () => {
    const bad = await subscribeJson({ email: 'not an address', formToken: await newsletterToken() });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json<{ details: { path: string }[] }>().details.map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['/email', '/consent']));
    for (let n = 0; n < 5; n += 1) await subscribeJson({ email: `x${n}@example.com`, consent: true });
    const limited = await subscribeJson({ email: 'y@example.com', consent: true });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await db.selectFrom('subscribers').select('id').execute()).toEqual([]);
  });

  it('takes a plain form post: with a token 303 to check-your-inbox; without one a page whose button subscribes', async () => {
    const withToken = await subscribeForm({
      email: 'plain@example.com',
      consent: 'yes',
      formToken: await newsletterToken(),
      website: '',
      returnTo: '/blog',
    });
    expect(withToken.statusCode).toBe(303);
    expect(withToken.headers.location).toBe('/newsletter/check-your-inbox');
    expect(await subscriber('plain@example.com')).toMatchObject({ status: 'pending', landing_page: '/blog' });

    const held = await subscribeForm({
      email: 'nojs@example.com',
      consent: 'yes',
      website: '',
      returnTo: '/blogs/seo',
    });
    expect(held.statusCode).toBe(202);
    expect(held.headers['content-type']).toContain('text/html');
    // Its form's post must carry the page's origin, which the API checks: no-referrer would make it `null`.
    expect(held.headers['referrer-policy']).not.toBe('no-referrer');
    expect(await subscriber('nojs@example.com')).toBeUndefined();
    const hidden = Object.fromEntries(
      [...held.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(hidden).toMatchObject({ email: 'nojs@example.com', consent: 'yes', returnTo: '/blogs/seo' });

    // Pressed at once: asked again, nothing stored.
    const tooSoon = await subscribeForm(hidden);
    expect(tooSoon.statusCode).toBe(202);
    expect(tooSoon.body).toContain('quicker than a person');
    expect(await subscriber('nojs@example.com')).toBeUndefined();

    testApp.clock.advance(1500);
    const pressed = await subscribeForm(hidden);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/newsletter/check-your-inbox');
    expect(await subscriber('nojs@example.com')).toMatchObject({ status: 'pending', landing_page: '/blogs/seo' });
    await sink.waitFor(2);
  });

  it('deletes subscribers left unconfirmed for 7 days, and keeps confirmed ones', async () => {
    await subscribeJson({ email: 'never@example.com', consent: true, formToken: await newsletterToken() });
    await subscribeJson({ email: 'yes@example.com', consent: true, formToken: await newsletterToken() });
    const mails = await sink.waitFor(2);
    const yes = mails.find((mail) => JSON.stringify(mail.to).includes('yes@'))!;
    await testApp.app.inject({ url: linkIn(yes.text, '/newsletter/confirm') });

    await applyRetention(db, new Date(testApp.clock.time + 6 * 24 * hour), facts.retentionDays);
    expect(await subscriber('never@example.com')).toBeDefined();
    await applyRetention(db, new Date(testApp.clock.time + 7 * 24 * hour + 1000), facts.retentionDays);
    expect(await subscriber('never@example.com')).toBeUndefined();
    expect((await subscriber('yes@example.com'))!.status).toBe('active');
  });
});
