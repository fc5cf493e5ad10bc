/**
 * `npm run bench:newsletter [-- --recipients 10000 --seconds 5]`: the production server (from source) on a fresh SQLite
 * database with that many active subscribers, sending one post to them through a local SMTP sink with no rate limit
 * (NEWSLETTER_RATE=0). Prints messages a second (from the request to the last message received), the server's
 * resident memory before, at its highest during and after the send, and the blog list's p99 latency under load while
 * idle and during the send. Figures only: nothing passes or fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { addSubscribers } from '../server/test-support/newsletter-sends.ts';
import { freePort } from '../server/test-support/free-port.ts';
import { signInOver, startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { openDatabase } from '../server/store/database.ts';
import { wholeNumberOption } from './lib/cli-options.ts';

const recipients = wholeNumberOption('recipients', 10_000);
const seconds = wholeNumberOption('seconds', 5);
const admin = { email: 'bench@northbeam.example', password: 'a password long enough' };

/** A sink that counts what it accepts and keeps nothing: the bench measures the sender. */
let received = 0;
let lastAt = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      lastAt = performance.now();
      callback();
    });
  },
});
sink.on('error', () => {});
const port = await freePort();
await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));

const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return line ? Number(line[1]) / 1024 : NaN;
};

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-newsletter-'));
const server = await startServerFromSource(
  {
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, 'no-build'),
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NEWSLETTER_RATE: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  { output: 'errors-to-console', timeoutMs: 120_000 },
);
const pid = server.child.pid!;
const listP99 = async () =>
  (await autocannon({ url: `${server.base}/api/blogs?limit=10`, connections: 10, duration: seconds })).latency.p99;

try {
  const db = openDatabase({ dataDir });
  await addSubscribers(
    db,
    Array.from({ length: recipients }, (_, index) => `reader${index}@example.com`),
  );
  await db.destroy();
  const cookie = await signInOver(server.base, admin);
  const headers = { origin: server.base, cookie, 'content-type': 'application/json' };
  const created = await fetch(`${server.base}/api/blogs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'A post for the bench',
      slug: 'newsletter-bench',
      content: `<p>${'A paragraph of the post, with <a href="/seo">a link</a>. '.repeat(40)}</p>`,
      status: 'published',
    }),
  });
  const { _id: postId } = (await created.json()) as { _id: string };

  const idleP99 = await listP99();
  const before = rssMiB(pid);
  let highest = before;
  const sampling = setInterval(() => (highest = Math.max(highest, rssMiB(pid))), 200);
  const started = performance.now();
  const answer = await fetch(`${server.base}/api/blogs/${postId}/newsletter`, { method: 'POST', headers, body: '{}' });
  const answeredMs = performance.now() - started;
  if (answer.status !== 202) throw new Error(`the send was answered ${answer.status}: ${await answer.text()}`);
  const duringP99 = received < recipients ? await listP99() : NaN;
  const receivedWhileLoaded = received;
  while (received < recipients) await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(sampling);
  const perSecond = recipients / ((lastAt - started) / 1000);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = rssMiB(pid);

  console.log(`bench:newsletter, ${recipients} recipients, SQLite, NEWSLETTER_RATE=0, local SMTP sink`);
  console.log(`  send answered 202 in ${answeredMs.toFixed(0)} ms (the send and ${recipients} messages committed)`);
  console.log(`  ${perSecond.toFixed(0)} messages/s, from the request to the last message received`);
  console.log(
    `  server RSS: ${before.toFixed(0)} MiB before, ${highest.toFixed(0)} MiB at most during, ${after.toFixed(0)} MiB after`,
  );
  console.log(
    `  GET /api/blogs?limit=10 p99 (10 connections, ${seconds} s): ${idleP99} ms idle, ${duringP99} ms during the send ` +
      `(${receivedWhileLoaded} messages had gone when the load ended)`,
  );
} finally {
  await stopServerProcess(server);
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
