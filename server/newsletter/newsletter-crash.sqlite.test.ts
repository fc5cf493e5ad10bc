import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost, NewsletterSend } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import { freePort } from '../test-support/free-port.ts';
import { addSubscribers } from '../test-support/newsletter-sends.ts';
import { signInOver, startBundledServer, type ServerProcess } from '../test-support/server-process.ts';
import { SmtpSink } from '../test-support/smtp-sink.ts';
import { temporaryDirectory } from '../test-support/test-app.ts';

// The send lasts about 13 s at its pace, as 2,000 messages at 150 a second did, for a fifth of the messages' CPU: a
// round lets messages go for at most 0.7 s after the first of the round arrived (about 21 at 30 a second, and the
// 4 in flight), so the five kills land within the first third of the send, with as much time to spare as before.
const recipients = 400;
const rate = 30;
const kills = 5;
const admin = { email: 'crash@northbeam.example', password: 'a password long enough' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir: string;
let server: ServerProcess | undefined;
let sink: SmtpSink;

afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a send through crashes', () => {
  it(`gives each of ${recipients} recipients exactly one message through ${kills} SIGKILLs mid-send`, async () => {
    dataDir = temporaryDirectory('northbeam-newsletter-crash-');
    // Who got which Message-ID is all this test reads of the messages.
    sink = new SmtpSink(await freePort(), { headersOnly: true });
    await sink.start();
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Slow enough that the kills land mid-send; a message claimed at a kill waits out its lease.
      NEWSLETTER_RATE: String(rate),
      MAIL_LEASE_SECONDS: '3',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    };
    const start = () => startBundledServer(env);
    server = await start();
    const db = openDatabase({ dataDir });
    const emails = Array.from({ length: recipients }, (_, index) => `reader${index}@example.com`);
    await addSubscribers(db, emails);
    await db.destroy();
    const cookie = await signInOver(server.base, admin);
    const headers = { origin: server.base, cookie, 'content-type': 'application/json' };
    const created = await fetch(`${server.base}/api/blogs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Through the crashes',
        slug: 'crashes',
        content: '<p>Once.</p>',
        status: 'published',
      }),
    });
    const post = (await created.json()) as BlogPost;
    const sent = await fetch(`${server.base}/api/blogs/${post._id}/newsletter`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(sent.status).toBe(202);
    const { _id: sendId } = (await sent.json()) as { _id: string };

    let killedMidSend = 0;
    const deliveredAtKills: number[] = [];
    for (let round = 0; round < kills; round += 1) {
      const before = sink.mails.length;
      // Each round lets some messages go, then kills the server wherever it is.
      while (sink.mails.length === before) await pause(10);
      await pause(100 + Math.random() * 600);
      deliveredAtKills.push(sink.mails.length);
      if (sink.mails.length < recipients) killedMidSend += 1;
      server.child.kill('SIGKILL');
      await once(server.child, 'exit');
      server = await start();
    }
    expect(killedMidSend).toBe(kills);

    const progress = async () => {
      const response = await fetch(`${server!.base}/api/newsletters/${sendId}`, { headers: { cookie } });
      return (await response.json()) as NewsletterSend;
    };
    await expect.poll(async () => (await progress()).status, { timeout: 120_000, interval: 500 }).toBe('done');
    expect(await progress()).toMatchObject({ total: recipients, sent: recipients, failed: 0, waiting: 0 });
    // Time for a late copy to arrive, were one sent twice.
    await pause(1_000);

    const messagesTo = new Map<string, Set<string>>();
    for (const mail of sink.mails) {
      const to = mail.to && 'value' in mail.to ? mail.to.value[0]!.address! : '';
      messagesTo.set(to, (messagesTo.get(to) ?? new Set()).add(mail.messageId!));
    }
    expect([...messagesTo.keys()].sort()).toEqual([...emails].sort());
    const withTwo = [...messagesTo].filter(([, ids]) => ids.size !== 1);
    expect(withTwo).toEqual([]);
    // A message the SMTP server accepted just before a kill, and not yet marked sent, goes again with its Message-ID:
    // the same message to mailbox providers. At most those in flight at each kill (4 at a time).
    const copies = sink.mails.length - recipients;
    expect(copies).toBeLessThanOrEqual(kills * 4);
    console.log(
      `newsletter crash test: ${kills} kills (after ${deliveredAtKills.join(', ')} deliveries), ` +
        `${recipients} recipients, ${copies} repeated deliveries`,
    );
  }, 400_000);
});
