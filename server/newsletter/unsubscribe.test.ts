import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { sharedKey } from '../store/server-secrets.ts';
import { unsubscribeToken } from './subscriber-tokens.ts';

let testApp: TestApp;
let db: Kysely<Database>;

beforeEach(async () => {
  testApp = await createTestApp();
  db = openDatabase(testApp.store);
});
afterEach(async () => {
  await testApp.close();
  await db.destroy();
});

/** An active subscriber, as a confirmed signup leaves it, and the token of its unsubscribe links. */
async function activeSubscriber(email: string, confirmed = true): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  const at = testApp.clock.now().toISOString();
  await db
    .insertInto('subscribers')
    .values({
      id,
      email,
      email_key: email,
      name: null,
      status: confirmed ? 'active' : 'pending',
      consent_text: 'yes',
      consent_basis: 'form',
      consented_at: at,
      confirm_sent_at: confirmed ? null : at,
      confirmed_at: confirmed ? at : null,
      unsubscribed_at: null,
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, token: unsubscribeToken(await sharedKey(db, 'newsletter'), id) };
}

const statusOf = async (id: string) =>
  (await db.selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** What a mail provider sends for RFC 8058's one click: no cookie, no Origin, the one pair in a form body. */
const oneClick = (token: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') => ({
  method: 'POST' as const,
  url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  headers: { 'content-type': type },
  payload: body,
});

describe('one-click unsubscribe', () => {
  it('GET shows a page with one button and changes nothing', async () => {
    const { id, token } = await activeSubscriber('reader@example.com');
    const page = await testApp.app.inject({ url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await statusOf(id)).toBe('active');
  });

  it('POST List-Unsubscribe=One-Click unsubscribes at once with 200, sets no cookie, and again is harmless', async () => {
    const { id, token } = await activeSubscriber('reader@example.com');
    const response = await testApp.app.inject(oneClick(token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain('You are unsubscribed');
    expect(await statusOf(id)).toBe('unsubscribed');
    expect((await testApp.app.inject(oneClick(token))).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('unsubscribed');
  });

  it('takes the pair as multipart form data too, as RFC 8058 allows', async () => {
    const { id, token } = await activeSubscriber('reader@example.com');
    const body = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const response = await testApp.app.inject(oneClick(token, body, 'multipart/form-data; boundary=b'));
    expect(response.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('unsubscribed');
  });

  it('refuses a forged token and a body without the one-click pair with 400, changing nothing', async () => {
    const { id, token } = await activeSubscriber('reader@example.com');
    const forged = await testApp.app.inject(oneClick(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`));
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link is not valid');
    const noPair = await testApp.app.inject(oneClick(token, 'List-Unsubscribe=Later'));
    expect(noPair.statusCode).toBe(400);
    expect(noPair.body).toContain('Please press the button');
    const forgedPage = await testApp.app.inject({ url: '/newsletter/unsubscribe?token=nothing' });
    expect(forgedPage.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('active');
  });

  it('refuses a JSON body with 415 before reading it, however deeply it nests, changing nothing', async () => {
    const { id, token } = await activeSubscriber('reader@example.com');
    for (const payload of ['{"List-Unsubscribe":"One-Click"}', `${'['.repeat(5000)}${']'.repeat(5000)}`]) {
      const response = await testApp.app.inject(oneClick(token, payload, 'application/json'));
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('application/x-www-form-urlencoded or multipart/form-data');
    }
    expect(await statusOf(id)).toBe('active');
  });
});
