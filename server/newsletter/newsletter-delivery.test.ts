import type { Kysely } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { sharedKey } from '../store/server-secrets.ts';
import { freePort } from '../test-support/free-port.ts';
import { startMailApp, type MailTestApp } from '../test-support/mail-app.ts';
import { addSubscribers, progressOf, publishedPost, sendToSubscribers } from '../test-support/newsletter-sends.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { unsubscribeToken } from './subscriber-tokens.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const addressOf = (mail: ParsedMail) => (mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined);

async function start(rate: number): Promise<MailTestApp & { cookie: string }> {
  const mail = await startMailApp({ smtp: true, newsletterRate: rate });
  closers.push(() => mail.close());
  return { ...mail, cookie: await signIn(mail.testApp.app) };
}

/**
 * An SMTP server that refuses some recipients: `refused…` for good (550), `busy…` twice for now (451) and then
 * accepts them; it keeps what it accepts.
 */
async function refusingServer() {
  const accepted: ParsedMail[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const seen = (tries.get(address.address) ?? 0) + 1;
      tries.set(address.address, seen);
      if (address.address.startsWith('refused')) {
        return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      }
      if (address.address.startsWith('busy') && seen <= 2) {
        return callback(Object.assign(new Error('4.2.1 Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        accepted.push(mail);
        callback();
      }, callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, accepted, tries };
}

const statusOf = async (db: Kysely<Database>, email: string) =>
  (await db.selectFrom('subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

describe('delivering a send', () => {
  it('marks a permanent refusal (5xx) bounced and retries a temporary one (4xx) until it is accepted', async () => {
    const smtp = await refusingServer();
    const testApp: TestApp = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailTiming: { pollMs: 30, firstBackoffMs: 50, maxBackoffMs: 100 },
      newsletterRate: 0,
    });
    const db = openDatabase(testApp.store);
    closers.push(async () => {
      await testApp.close();
      await db.destroy();
    });
    const cookie = await signIn(testApp.app);
    await addSubscribers(db, ['ok@example.com', 'refused@example.com', 'busy@example.com']);
    const post = await publishedPost(testApp.app, cookie);
    const { _id: id } = (await sendToSubscribers(testApp.app, cookie, post._id)).json<{ _id: string }>();
    await expect.poll(async () => (await progressOf(testApp.app, cookie, id)).status, { timeout: 10_000 }).toBe('done');
    expect(await progressOf(testApp.app, cookie, id)).toMatchObject({ total: 3, sent: 2, failed: 1, waiting: 0 });
    expect(smtp.accepted.map(addressOf).sort()).toEqual(['busy@example.com', 'ok@example.com']);
    expect(smtp.tries.get('busy@example.com')).toBe(3);
    expect(smtp.tries.get('refused@example.com')).toBe(1);
    expect(await statusOf(db, 'refused@example.com')).toBe('bounced');
    expect(await statusOf(db, 'busy@example.com')).toBe('active');
  });

  it('sends nothing more of a send in progress to someone who unsubscribes during it', async () => {
    const { testApp, db, sink, cookie } = await start(5);
    const emails = Array.from({ length: 6 }, (_, index) => `reader${index}@example.com`);
    const ids = await addSubscribers(db, emails);
    const post = await publishedPost(testApp.app, cookie);
    const { _id: id } = (await sendToSubscribers(testApp.app, cookie, post._id)).json<{ _id: string }>();
    await sink!.waitFor(1);
    // The last recipient in the outbox's order leaves with one click once the first message has gone.
    const last = [...ids].sort().at(-1)!;
    const token = unsubscribeToken(await sharedKey(db, 'newsletter'), last);
    const left = await testApp.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);
    await expect.poll(async () => (await progressOf(testApp.app, cookie, id)).status, { timeout: 10_000 }).toBe('done');
    expect(await progressOf(testApp.app, cookie, id)).toMatchObject({ total: 6, sent: 5, skipped: 1, waiting: 0 });
    const leaver = emails[ids.indexOf(last)];
    expect(sink!.mails.map(addressOf)).not.toContain(leaver);
    expect(sink!.mails).toHaveLength(5);
  });

  it('pauses (nothing more goes out), resumes to the end, and cancels what still waits; each is audited', async () => {
    const { testApp, db, sink, cookie } = await start(5);
    const app = testApp.app;
    await addSubscribers(
      db,
      Array.from({ length: 8 }, (_, index) => `reader${index}@example.com`),
    );
    const post = await publishedPost(app, cookie);
    const { _id: id } = (await sendToSubscribers(app, cookie, post._id)).json<{ _id: string }>();
    const change = (what: string) =>
      app.inject(asAdmin(cookie, { method: 'POST', url: `/api/newsletters/${id}/${what}` }));
    await sink!.waitFor(1);
    const paused = await change('pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused' });
    // Messages claimed before the pause give their lease back at their turn; then nothing moves.
    const noLease = async () =>
      (
        await db
          .selectFrom('newsletter_messages')
          .select('leased_until')
          .where('leased_until', 'is not', null)
          .execute()
      ).length;
    await expect.poll(noLease, { timeout: 5_000 }).toBe(0);
    const sentWhilePaused = sink!.mails.length;
    await pause(800);
    expect(sink!.mails).toHaveLength(sentWhilePaused);
    expect(sentWhilePaused).toBeLessThan(8);
    const again = await change('pause');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('only a send in progress can be paused');

    expect((await change('resume')).statusCode).toBe(200);
    await sink!.waitFor(sentWhilePaused + 1);
    expect((await change('cancel')).statusCode).toBe(200);
    await expect.poll(noLease, { timeout: 5_000 }).toBe(0);
    const progress = await progressOf(app, cookie, id);
    expect(progress).toMatchObject({ status: 'cancelled', waiting: 0, total: 8 });
    expect(progress.sent + progress.skipped).toBe(8);
    await pause(500);
    expect(sink!.mails).toHaveLength(progress.sent);
    const resumed = await change('resume');
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json<{ message: string }>().message).toContain('This send is cancelled');

    const audit = await app.inject(asAdmin(cookie, { method: 'GET', url: '/api/audit' }));
    const actions = audit.json<AuditEntry[]>().map((entry) => entry.action);
    for (const action of ['post-newsletter-pause', 'post-newsletter-resume', 'post-newsletter-cancel'] as const) {
      expect(actions).toContain(action);
    }
  });

  it('keeps NEWSLETTER_RATE across two instances together: no second holds more than the rate', async () => {
    const { testApp, db, sink, cookie } = await start(10);
    await testApp.addInstance({ newsletterRate: 10 });
    await addSubscribers(
      db,
      Array.from({ length: 25 }, (_, index) => `reader${index}@example.com`),
    );
    const post = await publishedPost(testApp.app, cookie);
    expect((await sendToSubscribers(testApp.app, cookie, post._id)).statusCode).toBe(202);
    await sink!.waitFor(25, 20_000);
    const times = [...sink!.arrivedAt].sort((a, b) => a - b);
    // Ten a second put 25 messages over 2.4 s; without the shared limit two instances send them in a blink. An SMTP
    // exchange delayed (a pool's first connection) can bunch at most the messages claimed at once (4 per instance)
    // with later ones: no second holds more than the rate and those 8.
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(1_500);
    for (let index = 18; index < times.length; index += 1) {
      expect(times[index]! - times[index - 18]!).toBeGreaterThan(1_000);
    }
    expect(new Set(sink!.mails.map(addressOf)).size).toBe(25);
  });
});
