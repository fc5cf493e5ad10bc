import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../app.ts';
import { applyRetention } from '../privacy/index.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { freePort } from '../test-support/free-port.ts';
import { SmtpSink } from '../test-support/smtp-sink.ts';
import { createTestApp, sameOrigin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let sink: SmtpSink;
let db: Kysely<Database>;
const hour = 60 * 60 * 1000;

async function start(overrides: Partial<AppOptions> = {}) {
  sink = new SmtpSink(await freePort());
  await sink.start();
  testApp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTiming: { pollMs: 30 }, ...overrides });
  db = openDatabase(testApp.store);
}
afterEach(async () => {
  await testApp.close();
  await db.destroy();
  await sink.stop();
});

/** A signup from the site's script, from `from`, with a form token of its own. */
async function signUp(email: string, from: string, app: FastifyInstance = testApp.app) {
  const { token } = (await app.inject({ url: '/api/form-token?form=newsletter', remoteAddress: from })).json<{
    token: string;
  }>();
  testApp.clock.advance(4000);
  return app.inject({
    method: 'POST',
    url: '/api/subscribers',
    remoteAddress: from,
    headers: { ...sameOrigin, accept: 'application/json' },
    payload: { email, consent: true, formToken: token },
  });
}

/** Waits for `count` mails, then long enough for one more to arrive were any more on its way. */
async function mailsAfterQuiet(count: number) {
  await sink.waitFor(count);
  await new Promise((resolve) => setTimeout(resolve, 400));
  return sink.mails;
}

const subscriber = (email: string) =>
  db.selectFrom('subscribers').selectAll().where('email_key', '=', email).executeTakeFirstOrThrow();

describe("the caps on the signup's e-mails", () => {
  it('mail 10 of 60 signups from one /24 and hold the rest unmailed, every answer alike', async () => {
    await start();
    const answers = new Set<string>();
    for (let n = 1; n <= 60; n += 1) {
      const response = await signUp(`victim${n}@example.com`, `203.0.113.${n}`);
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^202 /);
    expect(await mailsAfterQuiet(10)).toHaveLength(10);
    const rows = await db.selectFrom('subscribers').select(['status', 'confirm_sent_at']).execute();
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect(rows.filter((row) => row.confirm_sent_at === null)).toHaveLength(50);

    // Another network is not held by this one; within an hour this one stays held, after it a held signup is mailed.
    expect((await signUp('someone@example.com', '198.51.100.7')).statusCode).toBe(202);
    expect(await mailsAfterQuiet(11)).toHaveLength(11);
    expect((await signUp('victim60@example.com', '203.0.113.200')).statusCode).toBe(202);
    testApp.clock.advance(hour);
    expect((await signUp('victim60@example.com', '203.0.113.201')).statusCode).toBe(202);
    const mails = await mailsAfterQuiet(12);
    expect(mails).toHaveLength(12);
    expect(mails[11]!.to).toMatchObject({ value: [{ address: 'victim60@example.com' }] });
    expect((await subscriber('victim60@example.com')).confirm_sent_at).toBe(testApp.clock.now().toISOString());
  });

  it('count an IPv6 /64 as one network', async () => {
    await start({ signupMailCaps: { perNetwork: 2 } });
    for (let n = 1; n <= 4; n += 1)
      expect((await signUp(`six${n}@example.com`, `2001:db8:1:2::${n}`)).statusCode).toBe(202);
    expect((await signUp('other@example.com', '2001:db8:1:3::1')).statusCode).toBe(202);
    const mails = await mailsAfterQuiet(3);
    expect(mails.map((mail) => JSON.stringify(mail.to)).filter((to) => to.includes('six'))).toHaveLength(2);
  });

  it("hold every network past the whole site's cap, shared by two instances", async () => {
    await start({ signupMailCaps: { perHour: 3 } });
    const other = await testApp.addInstance({ signupMailCaps: { perHour: 3 } });
    for (let n = 1; n <= 6; n += 1) {
      const response = await signUp(`site${n}@example.com`, `192.0.${n}.1`, n % 2 === 0 ? other : testApp.app);
      expect(response.statusCode).toBe(202);
    }
    expect(await mailsAfterQuiet(3)).toHaveLength(3);
  });

  it('let retention delete a held signup after 48 hours, and one that was mailed after 7 days', async () => {
    await start({ signupMailCaps: { perHour: 1 } });
    await signUp('mailed@example.com', '192.0.2.1');
    await signUp('held@example.com', '192.0.2.2');
    await mailsAfterQuiet(1);
    expect((await subscriber('held@example.com')).confirm_sent_at).toBeNull();
    await applyRetention(db, new Date(testApp.clock.time + 48 * hour + 60_000), 365);
    const left = await db.selectFrom('subscribers').select('email').execute();
    expect(left.map((row) => row.email)).toEqual(['mailed@example.com']);
    await applyRetention(db, new Date(testApp.clock.time + 7 * 24 * hour + 60_000), 365);
    expect(await db.selectFrom('subscribers').select('email').execute()).toEqual([]);
    expect(await db.selectFrom('signup_mails').select('id').execute()).toEqual([]);
  });
});

describe('a reader already subscribed who signs up again', () => {
  it('gets a short note with its unsubscribe link, at most once a day, and the answer reveals nothing', async () => {
    await start();
    await signUp('known@example.com', '192.0.2.1');
    const [confirmation] = await sink.waitFor(1);
    const link = /\/newsletter\/confirm\?token=\S+/.exec(confirmation!.text ?? '')![0];
    expect((await testApp.app.inject({ url: link })).statusCode).toBe(200);
    testApp.clock.advance(25 * hour);

    const known = await signUp('known@example.com', '192.0.2.2');
    const unknown = await signUp('new@example.com', '192.0.2.3');
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const mails = await mailsAfterQuiet(3);
    const note = mails.find((mail) => JSON.stringify(mail.to).includes('known@') && mail !== confirmation)!;
    expect(note.subject).toBe('You are subscribed to the Northbeam newsletter already');
    expect(note.text).toContain('It is subscribed already');
    expect(note.html).toContain('It is subscribed already');
    const unsubscribe = /\/newsletter\/unsubscribe\?token=[^\s"&\]]+/.exec(note.text ?? '')![0];
    expect(note.html).toContain(unsubscribe);
    const page = await testApp.app.inject({ url: unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from the Northbeam newsletter');
    expect((await subscriber('known@example.com')).status).toBe('active');

    // Again the same day: nothing more.
    expect((await signUp('known@example.com', '192.0.2.4')).statusCode).toBe(202);
    expect(await mailsAfterQuiet(3)).toHaveLength(3);
  });
});
