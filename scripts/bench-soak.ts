/**
 * `npm run bench:soak -- --minutes 10`: mixed traffic against the production server (scripts/start.mjs, its own
 * process, NODE_ENV=production, access log at info level to /dev/null) on a fresh SQLite database: autocannon's
 * reads and writes (scripts/lib/mixed-traffic.ts), plus searches, and uploads once the server has GET /api/media
 * (probed). Every --sample-seconds (10) it samples the server's RSS and open file descriptors (/proc/PID) and its
 * heap (from its own /metrics), prints them, and at the end says whether each stayed flat after the warm-up (the
 * first quarter of the run): under 10 % growth. Exits 1 on any 5xx or failed request, and, for runs of a minute or
 * more, when something grew.
 * Options: --minutes M or --seconds S (600), --sample-seconds N (10), --connections N (10).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import {
  signInOver,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server/test-support/server-process.ts';
import { mixedTraffic } from './lib/mixed-traffic.ts';
import { positiveNumberOption } from './lib/cli-options.ts';

const seconds = Math.round(positiveNumberOption('seconds', positiveNumberOption('minutes', 10) * 60));
const sampleSeconds = positiveNumberOption('sample-seconds', 10);
const connections = positiveNumberOption('connections', 10);
const root = join(import.meta.dirname, '..');
const admin = { email: 'soak@northbeam.example', password: randomBytes(18).toString('base64url') };
const metricsToken = randomBytes(24).toString('base64url');

interface Sample {
  second: number;
  rssBytes: number;
  heapBytes: number;
  fileDescriptors: number;
}

function startServer(dataDir: string): Promise<ServerProcess> {
  const builtSite = join(root, 'dist', 'client');
  return startServerProcess(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // Without a build, the API alone: start.mjs would otherwise build the site first.
      CLIENT_DIR: existsSync(join(builtSite, 'index.html')) ? builtSite : join(dataDir, 'no-build'),
      LOG_LEVEL: 'info',
      METRICS_TOKEN: metricsToken,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    { timeoutMs: 90_000, output: 'errors-to-console' },
  );
}

async function sample(pid: number, origin: string, second: number): Promise<Sample> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKilobytes = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  const metrics = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const heapBytes = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? 0);
  return { second, rssBytes: rssKilobytes * 1024, heapBytes, fileDescriptors: readdirSync(`/proc/${pid}/fd`).length };
}

/** Searches and uploads beside autocannon's traffic, one at a time, until told to stop; counts what failed. */
async function sideTraffic(origin: string, cookie: string, stopped: () => boolean) {
  const counts = { searches: 0, uploads: 0, failures: [] as string[] };
  const words = ['design', 'seo', 'web', 'brand', 'growth', 'zzz', 'a"b', '日本'];
  const probe = await fetch(`${origin}/api/media`, { headers: { cookie, origin } });
  await probe.body?.cancel();
  const canUpload = probe.status === 200;
  // A new image every time: the same bytes twice give the stored record back (200), not a new upload.
  const image = (round: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: round % 256, g: 170, b: 119 } } })
      .png()
      .toBuffer();
  for (let round = 0; !stopped(); round += 1) {
    const word = words[round % words.length]!;
    const search = await fetch(`${origin}/api/blogs?q=${encodeURIComponent(word)}&limit=10`);
    await search.body?.cancel();
    counts.searches += 1;
    if (search.status >= 500) counts.failures.push(`search: ${search.status}`);
    if (canUpload && round % 20 === 0) {
      const form = new FormData();
      // The upload is streamed: its fields come before the file.
      form.append('alt', `Soak image ${round}`);
      form.append('file', new Blob([new Uint8Array(await image(round))], { type: 'image/png' }), `soak-${round}.png`);
      const upload = await fetch(`${origin}/api/media`, { method: 'POST', headers: { cookie, origin }, body: form });
      await upload.body?.cancel();
      counts.uploads += 1;
      if (upload.status !== 201) counts.failures.push(`upload: ${upload.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ...counts, canUpload };
}

/** Growth of the largest value in the last quarter over the largest in the first quarter after the warm-up. */
function growth(values: number[]): number {
  const afterWarmUp = values.slice(Math.floor(values.length / 4));
  const quarter = Math.max(1, Math.floor(afterWarmUp.length / 4));
  const start = Math.max(...afterWarmUp.slice(0, quarter));
  const end = Math.max(...afterWarmUp.slice(-quarter));
  return start === 0 ? 0 : end / start - 1;
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const workDir = mkdtempSync(join(tmpdir(), 'northbeam-soak-'));
let server: ServerProcess | undefined;
try {
  server = await startServer(join(workDir, 'data'));
  const { child, base: origin } = server;
  const adminCookie = await signInOver(origin, admin);
  const posts = (await (await fetch(`${origin}/api/blogs?limit=100`)).json()) as {
    _id: string;
    slug: string;
    tags: string[];
  }[];
  const targets = {
    slugs: posts.map((post) => post.slug),
    ids: posts.map((post) => post._id),
    tags: [...new Set(posts.flatMap((post) => post.tags))],
    origin,
    adminCookie,
  };
  const { request, writes } = mixedTraffic(targets);
  console.log(`Soak: ${seconds} s, ${connections} connections, a sample every ${sampleSeconds} s`);
  console.log('second  RSS MB  heap MB  open fds');
  const samples: Sample[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const second = Math.round((Date.now() - started) / 1000);
    sample(child.pid!, origin, second).then(
      (taken) => {
        samples.push(taken);
        console.log(
          `${String(second).padStart(6)}  ${megabytes(taken.rssBytes).padStart(6)}  ` +
            `${megabytes(taken.heapBytes).padStart(7)}  ${String(taken.fileDescriptors).padStart(8)}`,
        );
      },
      (error: unknown) => console.error(`sample failed: ${(error as Error).message}`),
    );
  }, sampleSeconds * 1000);
  let done = false;
  const side = sideTraffic(origin, adminCookie, () => done);
  const result = await autocannon({ url: origin, connections, duration: seconds, requests: [request] });
  done = true;
  const sideCounts = await side;
  clearInterval(sampler);

  const verdicts = (['rssBytes', 'heapBytes', 'fileDescriptors'] as const).map((key) => {
    const values = samples.map((taken) => taken[key]);
    const grew = growth(values);
    // A handful of descriptors is noise (a keep-alive socket more or less), not a leak.
    const flat = grew < 0.1 || (key === 'fileDescriptors' && Math.max(...values) - Math.min(...values) <= 5);
    return { key, grew, flat };
  });
  console.log(
    `\n${result.requests.total} requests (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms): ` +
      `${writes.created} posts created, ${writes.edited} edited, ${writes.deleted} deleted; ` +
      `${sideCounts.searches} searches; ` +
      (sideCounts.canUpload ? `${sideCounts.uploads} uploads` : 'no uploads (the server has no /api/media)') +
      `; ${result['5xx']} 5xx, ${result.errors} errors, ${sideCounts.failures.length} failed searches or uploads`,
  );
  for (const { key, grew, flat } of verdicts) {
    console.log(`${key}: ${(grew * 100).toFixed(1)} % after warm-up: ${flat ? 'flat' : 'GREW'}`);
  }
  const enoughSamples = samples.length >= 8;
  if (!enoughSamples) console.log(`Only ${samples.length} samples: too few to judge flatness.`);
  const failed = result['5xx'] > 0 || result.errors > 0 || sideCounts.failures.length > 0;
  const grew = seconds >= 60 && enoughSamples && verdicts.some(({ flat }) => !flat);
  process.exitCode = failed || grew ? 1 : 0;
} finally {
  if (server) await stopServerProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}
