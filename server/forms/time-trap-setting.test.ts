import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmationOf, enquiry, postEnquiry, postEnquiryForm } from '../test-support/leads.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';

let testApp: TestApp;
let db: Kysely<Database>;

async function start(formTimeTrapMs?: number): Promise<void> {
  testApp = await createTestApp(formTimeTrapMs === undefined ? {} : { formTimeTrapMs });
  db = openDatabase(testApp.store);
}
afterEach(async () => {
  await db.destroy();
  await testApp.close();
});

async function tokenAnswer(): Promise<{ token: string; minimumWaitMs: number }> {
  const response = await testApp.app.inject({ url: '/api/form-token?form=enquiry' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Sends an enquiry with a token issued `afterMs` before, and returns the stored lead's status and spam reason. */
async function sentAfter(afterMs: number): Promise<{ status: string; spam_reason: string | null }> {
  const { token } = await tokenAnswer();
  testApp.clock.advance(afterMs);
  const response = await testApp.app.inject(postEnquiry(enquiry({ formToken: token })));
  expect(response.statusCode).toBe(201);
  return db
    .selectFrom('leads')
    .select(['status', 'spam_reason'])
    .where('id', '=', response.json<{ _id: string }>()._id)
    .executeTakeFirstOrThrow();
}

const plainEnquiry = {
  name: 'Priya',
  email: 'priya@example.com',
  message: 'Please call me about SEO.',
  consent: 'yes',
};

describe('the time trap of the public forms', () => {
  it("is production's 3 s without a setting: the token's answer says so, and a post sooner is kept as spam", async () => {
    await start();
    expect((await tokenAnswer()).minimumWaitMs).toBe(3000);
    expect(await sentAfter(2900)).toEqual({ status: 'spam', spam_reason: 'sent under 3 s after the form was shown' });
    expect(await sentAfter(3100)).toEqual({ status: 'new', spam_reason: null });
  });

  it('is what the server is given (FORM_TIME_TRAP_MS), told to the browser with the token', async () => {
    await start(600);
    expect((await tokenAnswer()).minimumWaitMs).toBe(600);
    expect(await sentAfter(500)).toEqual({ status: 'spam', spam_reason: 'sent under 0.6 s after the form was shown' });
    expect(await sentAfter(700)).toEqual({ status: 'new', spam_reason: null });
  });

  it('asks again for a held post confirmed sooner than a third of it, and takes one confirmed later', async () => {
    await start(600);
    const held = await testApp.app.inject(postEnquiryForm(plainEnquiry));
    expect(held.statusCode).toBe(202);
    testApp.clock.advance(150);
    const tooSoon = await testApp.app.inject(confirmationOf(held.body));
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.body).toContain('That was quicker than a person usually is');
    testApp.clock.advance(250);
    const confirmed = await testApp.app.inject(confirmationOf(tooSoon.body));
    expect(confirmed.statusCode).toBe(303);
    expect(await db.selectFrom('leads').select('status').executeTakeFirstOrThrow()).toEqual({ status: 'new' });
  });

  it('confirms a held post at once when the setting is 0, as the browser tests run it', async () => {
    await start(0);
    expect((await tokenAnswer()).minimumWaitMs).toBe(0);
    const held = await testApp.app.inject(postEnquiryForm(plainEnquiry));
    const confirmed = await testApp.app.inject(confirmationOf(held.body));
    expect(confirmed.statusCode).toBe(303);
    expect(await sentAfter(0)).toEqual({ status: 'new', spam_reason: null });
  });
});
