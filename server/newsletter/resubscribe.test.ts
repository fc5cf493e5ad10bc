import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLeadFacts } from '../forms/index.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { sharedKey } from '../store/server-secrets.ts';
import { addSubscribers } from '../test-support/newsletter-sends.ts';
import { freePort } from '../test-support/free-port.ts';
import { SmtpSink } from '../test-support/smtp-sink.ts';
import { createTestApp, sameOrigin, type TestApp } from '../test-support/test-app.ts';
import { unsubscribeToken } from './subscriber-tokens.ts';

let testApp: TestApp;
let sink: SmtpSink;
let db: Kysely<Database>;
const facts = readLeadFacts();

beforeEach(async () => {
  sink = new SmtpSink(await freePort());
  await sink.start();
  testApp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTiming: { pollMs: 30 } });
  db = openDatabase(testApp.store);
});
afterEach(async () => {
  await testApp.close();
  await db.destroy();
  await sink.stop();
});

const subscriberRow = (id: string) =>
  db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A reader who confirmed once and then unsubscribed with the link of a newsletter, and that link's token. */
async function departedReader(email = 'reader@example.com'): Promise<{ id: string; token: string }> {
  const [id] = (await addSubscribers(db, [email])) as [string];
  const token = unsubscribeToken(await sharedKey(db, 'newsletter'), id);
  const unsubscribed = await testApp.app.inject({
    method: 'POST',
    url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.statusCode).toBe(200);
  return { id, token };
}

const resubscribe = (token: string, headers: Record<string, string> = sameOrigin) =>
  testApp.app.inject({
    method: 'POST',
    url: `/newsletter/resubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: '',
  });

const outboxCount = async () => (await db.selectFrom('mail_outbox').select('id').execute()).length;

describe('"Subscribe again" after unsubscribing', () => {
  it('is offered with the consent it records, on the page that says the reader is unsubscribed', async () => {
    const { token } = await departedReader();
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.body).toContain('You are unsubscribed');
    expect(again.body).toContain(`action="/newsletter/resubscribe?token=${encodeURIComponent(token)}"`);
    expect(again.body).toContain(facts.newsletterConsentText.replaceAll("'", '&#39;'));
  });

  it('refuses the probe: a foreign Origin, or none, with no body, gets 403; the reader stays unsubscribed', async () => {
    const { id, token } = await departedReader();
    const before = await subscriberRow(id);
    const refused = [
      { origin: 'https://evil.example' },
      {},
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/newsletter/resubscribe?token=${encodeURIComponent(token)}`,
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('came from another site');
    }
    expect(await subscriberRow(id)).toEqual(before);
    expect(await outboxCount()).toBe(0);
  });

  it('from the site, mails a new confirmation link and changes nothing else until that link is opened', async () => {
    const { id, token } = await departedReader();
    const before = await subscriberRow(id);
    const response = await resubscribe(token);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/newsletter/check-your-inbox');
    expect(response.headers['cache-control']).toBe('no-store');
    const waiting = await subscriberRow(id);
    // Still unsubscribed, the consent and its time as they were: only the link just sent is remembered.
    expect(waiting).toEqual({
      ...before,
      confirm_sent_at: testApp.clock.now().toISOString(),
      updated_at: testApp.clock.now().toISOString(),
    });
    expect(waiting.status).toBe('unsubscribed');

    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    const link = /\/newsletter\/confirm\?token=\S+/.exec(mail!.text ?? '')![0];
    testApp.clock.advance(60 * 60 * 1000);
    const confirmed = await testApp.app.inject({ url: link });
    expect(confirmed.statusCode).toBe(200);
    expect(await subscriberRow(id)).toMatchObject({
      status: 'active',
      unsubscribed_at: null,
      confirm_sent_at: null,
      consent_text: facts.newsletterConsentText,
      consent_basis: 'form',
      consented_at: testApp.clock.now().toISOString(),
      confirmed_at: testApp.clock.now().toISOString(),
    });
    expect((await testApp.app.inject({ url: link })).statusCode).toBe(409);
  });

  it('is taken from the unsubscribed page, whose no-referrer policy makes the browser send Origin: null', async () => {
    const { token } = await departedReader();
    const response = await resubscribe(token, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(303);
    await sink.waitFor(1);
  });

  it('mails at most one link in ten minutes, and a link asked for before unsubscribing again confirms nothing', async () => {
    const { id, token } = await departedReader();
    expect((await resubscribe(token)).statusCode).toBe(303);
    expect((await resubscribe(token)).statusCode).toBe(303);
    const [first] = await sink.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(1);

    testApp.clock.advance(11 * 60 * 1000);
    expect((await resubscribe(token)).statusCode).toBe(303);
    const [, second] = await sink.waitFor(2);
    const older = /\/newsletter\/confirm\?token=\S+/.exec(first!.text ?? '')![0];
    const newer = /\/newsletter\/confirm\?token=\S+/.exec(second!.text ?? '')![0];
    expect((await testApp.app.inject({ url: older })).statusCode).toBe(409);

    await testApp.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect((await testApp.app.inject({ url: newer })).statusCode).toBe(409);
    expect((await subscriberRow(id)).status).toBe('unsubscribed');
  });

  it('answers a forged token with 400 and an erased subscriber with 409, mailing nobody', async () => {
    const { id, token } = await departedReader();
    const forged = await resubscribe(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(forged.statusCode).toBe(400);
    await db.deleteFrom('subscribers').where('id', '=', id).execute();
    const erased = await resubscribe(token);
    expect(erased.statusCode).toBe(409);
    expect(erased.body).toContain('signup form');
    expect(await outboxCount()).toBe(0);
  });
});
