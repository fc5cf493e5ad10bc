/**
 * `npm run bench:leads`: the production server (its own process, SQLite, an SMTP server in this process) under
 * enquiries. Prints, in one run: GET /api/blogs?limit=10 as a visitor (requests/s, p99), accepted enquiries (POST
 * /api/enquiries, each from an address of its own so that the limits per address leave them alone; requests/s,
 * p99), and the time from each enquiry's submission to its notification reaching the SMTP server under that load
 * (median, p99).
 * Options: --seconds=N (10) of each load, --connections=N (10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../server/test-support/free-port.ts';
import { SmtpSink } from '../server/test-support/smtp-sink.ts';
import { startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { positiveNumberOption, wholeNumberOption } from './lib/cli-options.ts';
import { measure } from './lib/http-load.ts';

const seconds = positiveNumberOption('seconds', 10);
const connections = wholeNumberOption('connections', 10);

const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
};

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-leads-'));
const sink = new SmtpSink(await freePort());
await sink.start();
const server = await startServerFromSource(
  {
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, 'no-build'),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    TRUST_PROXY: '127.0.0.1',
  },
  { output: 'errors-to-console' },
);
try {
  const list = await measure(
    { pid: server.child.pid!, base: server.base, nextPath: () => '/api/blogs?limit=10' },
    { connections, duration: seconds, minimumRequests: 200 },
  );

  const tokenAnswer = await fetch(`${server.base}/api/form-token?form=enquiry`);
  const { token } = (await tokenAnswer.json()) as { token: string };
  // Older than the time trap's three seconds: these are to be accepted as a person's.
  await new Promise((resolve) => setTimeout(resolve, 3100));
  const sentAt = new Map<string, number>();
  let count = 0;
  const result = await autocannon({
    url: server.base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          count += 1;
          const name = `Bench ${count}`;
          sentAt.set(name, performance.now());
          return {
            ...request,
            path: '/api/enquiries',
            headers: {
              'content-type': 'application/json',
              origin: server.base,
              'x-forwarded-for': `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`,
            },
            body: JSON.stringify({
              name,
              email: 'bench@example.com',
              message: 'A benchmark enquiry about a new website and search.',
              consent: true,
              formToken: token,
            }),
          };
        },
      },
    ],
  });
  const accepted = result['2xx'];
  const arrivedAt = new Map<string, number>();
  const deadline = Date.now() + 120_000;
  let seen = 0;
  while (arrivedAt.size < accepted && Date.now() < deadline) {
    for (; seen < sink.mails.length; seen += 1) {
      arrivedAt.set(sink.mails[seen]!.subject!.replace('New enquiry from ', ''), sink.arrivedAt[seen]!);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const delays = [...arrivedAt].flatMap(([name, at]) => {
    const sent = sentAt.get(name);
    return sent === undefined ? [] : [at - sent];
  });

  console.log(`bench:leads, ${seconds} s per load, ${connections} connections, SQLite`);
  console.log(`GET /api/blogs?limit=10      ${list.requestsPerSecond.toFixed(0)} req/s, p99 ${list.p99} ms`);
  console.log(
    `POST /api/enquiries          ${(accepted / result.duration).toFixed(0)} accepted/s, p99 ${result.latency.p99} ms` +
      ` (${accepted} accepted, ${result.non2xx} refused, ${result.errors} errors)`,
  );
  console.log(
    `submission to notification   median ${percentile(delays, 0.5).toFixed(0)} ms, p99 ${percentile(delays, 0.99).toFixed(0)} ms` +
      ` (${delays.length} of ${accepted} notifications arrived)`,
  );
} finally {
  await stopServerProcess(server);
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
