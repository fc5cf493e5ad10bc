/**
 * `npm run bench:api`: load on 127.0.0.1 with autocannon, bounded in time and connections.
 * Starts the production server (server/main.ts, its own process) on databases of 10 and 10,000 posts, loads
 * GET /api/blogs?limit=10 and a read by slug as a visitor (answered from memory) and a read by slug as a signed-in
 * admin (never cached: an indexed query every time), then a bare node:http server sending the same JSON bytes,
 * then full-text searches as an admin (one match, and one word in every sixth post) and reads by an old slug (301),
 * and prints requests/s, p99 latency, the ratio to node:http, and the server's CPU time per request (Linux). The server
 * logs as in production: one access line per request at info level (written to /dev/null). Other work on the machine
 * skews single runs, so the servers are loaded in alternation, several rounds, and each reports its median run.
 * Options: --duration=SECONDS (3) --connections=N (20) --rounds=N (5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { postFields } from '../server/blog/post-input.ts';
import { freePort } from './lib/free-port.ts';
import { examplePosts } from '../server/blog/example-posts.ts';
import { openDatabase } from '../server/store/database.ts';
import { migrateToLatest } from '../server/store/migrate.ts';
import { findPostBySlug, insertPost } from '../server/store/posts.ts';

const argument = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const duration = argument('duration', 3);
const connections = argument('connections', 20);
const rounds = argument('rounds', 5);
const root = join(import.meta.dirname, '..');

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await once(child, 'exit');
}

/**
 * A database of `count` published posts made from the example posts, written without fsync to be quick; returns their
 * slugs. Each title ends with the post's number, a word only that post has, for a search with one match at any size;
 * each post also answers at `{slug}-old`, as if renamed once.
 */
async function createDatabase(dataDir: string, count: number): Promise<string[]> {
  const db = openDatabase({ dataDir });
  await migrateToLatest(db);
  // Only for filling the benchmark's database quickly: the server opens it again with synchronous=FULL.
  await sql`PRAGMA synchronous = OFF`.execute(db);
  const templates = examplePosts.map((input) => postFields(input, new Date()));
  const slugs: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = templates[index % templates.length]!;
    const publishedAt = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
    const slug = `${template.slug}-${index}`;
    slugs.push(slug);
    await insertPost(
      db,
      {
        ...template,
        title: `${template.title} (part ${index})`,
        id: `post-${index}`,
        slug,
        publishedAt,
        author: 'Northbeam Team',
        createdAt: publishedAt,
        updatedAt: publishedAt,
      },
      { id: `revision-${index}`, author: 'Northbeam Team', reason: 'save' },
    );
    await db
      .insertInto('slug_redirects')
      .values({ slug: `${slug}-old`, post_id: `post-${index}`, created_at: publishedAt })
      .execute();
  }
  await db.destroy();
  return slugs;
}

/** Mean time of the store's read by slug, in this process, without HTTP: what the index keeps constant. */
async function timeSlugLookups(dataDir: string, slugs: string[], lookups = 5000): Promise<number> {
  const db = openDatabase({ dataDir });
  try {
    const lookUp = (index: number) => findPostBySlug(db, slugs[(index * 7919) % slugs.length]!);
    for (let index = 0; index < 500; index += 1) await lookUp(index);
    const start = performance.now();
    for (let index = 0; index < lookups; index += 1) await lookUp(index);
    return ((performance.now() - start) * 1000) / lookups;
  } finally {
    await db.destroy();
  }
}

interface ApiServer {
  child: ChildProcess;
  base: string;
  /** The Cookie header of a signed-in admin. */
  adminCookie: string;
}

async function startApiServer(dataDir: string): Promise<ApiServer> {
  const port = await freePort();
  const admin = { email: 'bench@northbeam.example', password: randomBytes(18).toString('base64url') };
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_EXAMPLES: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/api/blogs?limit=1`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  const adminCookie = login.headers.getSetCookie()[0]?.split(';')[0];
  if (!login.ok || !adminCookie) throw new Error(`could not sign in: ${login.status}`);
  return { child, base, adminCookie };
}

const bareServerSource = `
  const body = require('node:fs').readFileSync(process.argv[1]);
  require('node:http')
    .createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    })
    .listen(Number(process.argv[2]), '127.0.0.1');
`;

/** node:http sending `body` for every request: the ceiling our server is compared with. */
async function startBareServer(body: string, workDir: string): Promise<{ child: ChildProcess; base: string }> {
  const bodyFile = join(workDir, 'body.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', bareServerSource, bodyFile, String(port)], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base);
  return { child, base };
}

interface Measurement {
  requestsPerSecond: number;
  p99: number;
  /** CPU time the server process spent per request: unlike req/s, hardly swayed by other work on the machine. */
  cpuMicroseconds: number;
}

/** CPU time (user + system) a process has used so far, in microseconds, from Linux's /proc (clock ticks of 10 ms). */
function cpuTimeOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(
  server: ChildProcess,
  url: string,
  headers: Record<string, string> = {},
  redirects = false,
): Promise<Measurement> {
  await autocannon({ url, headers, connections, duration: 1 });
  const cpuBefore = cpuTimeOf(server.pid!);
  const result = await autocannon({ url, headers, connections, duration });
  const cpuMicroseconds = (cpuTimeOf(server.pid!) - cpuBefore) / result.requests.total;
  const unexpected = redirects ? result.non2xx - result['3xx'] + result['2xx'] : result.non2xx;
  if (unexpected > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, cpuMicroseconds };
}

interface Row {
  label: string;
  bytes: number;
  ours: Measurement;
  bare: Measurement;
}

function median(measurements: Measurement[]): Measurement {
  const sorted = [...measurements].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Loads our server at `path` (as a visitor, and as an admin when asked) and node:http with the same body, in turns. */
async function compare(label: string, path: string, api: ApiServer, workDir: string, alsoAsAdmin = false) {
  const body = await (await fetch(`${api.base}${path}`)).text();
  const bareServer = await startBareServer(body, workDir);
  const runs: Record<'ours' | 'admin' | 'bare', Measurement[]> = { ours: [], admin: [], bare: [] };
  try {
    for (let round = 0; round < rounds; round += 1) {
      runs.ours.push(await load(api.child, `${api.base}${path}`));
      if (alsoAsAdmin) runs.admin.push(await load(api.child, `${api.base}${path}`, { cookie: api.adminCookie }));
      runs.bare.push(await load(bareServer.child, bareServer.base));
    }
  } finally {
    await stop(bareServer.child);
  }
  const bare = median(runs.bare);
  const rows: Row[] = [{ label, bytes: body.length, ours: median(runs.ours), bare }];
  if (alsoAsAdmin)
    rows.push({ label: `${label}, as admin (uncached)`, bytes: body.length, ours: median(runs.admin), bare });
  return rows;
}

/** Our server alone, for answers node:http has no counterpart of (redirects, uncached searches): median of the rounds. */
async function measureAlone(
  label: string,
  path: string,
  api: ApiServer,
  options: { admin?: boolean; redirects?: boolean },
) {
  const headers: Record<string, string> = options.admin ? { cookie: api.adminCookie } : {};
  const runs: Measurement[] = [];
  for (let round = 0; round < rounds; round += 1) {
    runs.push(await load(api.child, `${api.base}${path}`, headers, options.redirects));
  }
  return { label, ...median(runs) };
}

async function matchCount(api: ApiServer, path: string): Promise<string> {
  const response = await fetch(`${api.base}${path}`, { headers: { cookie: api.adminCookie } });
  return response.headers.get('x-total-count') ?? '?';
}

const workDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-'));
const rows: Row[] = [];
const aloneRows: (Measurement & { label: string })[] = [];
const slugLookups: { posts: number; microseconds: number }[] = [];
try {
  for (const postCount of [10, 10_000]) {
    const dataDir = join(workDir, `posts-${postCount}`);
    const slugs = await createDatabase(dataDir, postCount);
    slugLookups.push({ posts: postCount, microseconds: await timeSlugLookups(dataDir, slugs) });
    const slug = slugs[Math.floor(postCount / 2)];
    const api = await startApiServer(dataDir);
    try {
      rows.push(...(await compare(`list ?limit=10, ${postCount} posts`, '/api/blogs?limit=10', api, workDir)));
      rows.push(...(await compare(`read by slug, ${postCount} posts`, `/api/blogs/slug/${slug}`, api, workDir, true)));
      const oneMatch = `/api/blogs?limit=10&status=published&q=${Math.floor(postCount / 2)}`;
      const manyMatches = '/api/blogs?limit=10&status=published&q=brand';
      aloneRows.push(
        await measureAlone(`search, 1 match, ${postCount} posts (uncached)`, oneMatch, api, { admin: true }),
        await measureAlone(
          `search, ${await matchCount(api, manyMatches)} matches, ${postCount} posts (uncached)`,
          manyMatches,
          api,
          {
            admin: true,
          },
        ),
        await measureAlone(`read by old slug (301), ${postCount} posts`, `/api/blogs/slug/${slug}-old`, api, {
          redirects: true,
        }),
      );
    } finally {
      await stop(api.child);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const format = (value: number, digits = 0) => value.toLocaleString('en-GB', { maximumFractionDigits: digits });
console.log(
  `\nautocannon on 127.0.0.1: ${connections} connections, ${duration} s per run after 1 s of warm-up, ` +
    `median of ${rounds} alternating runs; server LOG_LEVEL=info (one access line per request, to /dev/null)`,
);
console.table(
  rows.map(({ label, bytes, ours, bare }) => ({
    scenario: label,
    'body bytes': bytes,
    'req/s': format(ours.requestsPerSecond),
    'p99 ms': ours.p99,
    'node:http req/s': format(bare.requestsPerSecond),
    'node:http p99 ms': bare.p99,
    'CPU µs/req': format(ours.cpuMicroseconds, 1),
    'node:http CPU µs/req': format(bare.cpuMicroseconds, 1),
    ratio: format(ours.requestsPerSecond / bare.requestsPerSecond, 2),
  })),
);
console.log('Searches as a signed-in admin (never cached: the full-text index every time) and reads by an old slug:');
console.table(
  aloneRows.map(({ label, requestsPerSecond, p99, cpuMicroseconds }) => ({
    scenario: label,
    'req/s': format(requestsPerSecond),
    'p99 ms': p99,
    'CPU µs/req': format(cpuMicroseconds, 1),
  })),
);
console.log('Store read by slug, in process, without HTTP (mean of 5,000 lookups of varied slugs):');
for (const { posts, microseconds } of slugLookups)
  console.log(`  ${format(posts)} posts: ${format(microseconds, 1)} µs`);
