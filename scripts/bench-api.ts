/**
 * `npm run bench:api`: load on 127.0.0.1 with autocannon, bounded in time and connections.
 * Starts the production server (server/main.ts, its own process) on databases of 10 and 10,000 posts, loads
 * GET /api/blogs?limit=10 and a read by slug as a visitor (answered from memory) and a read by slug as a signed-in
 * admin (never cached: an indexed query every time), then a bare node:http server sending the same JSON bytes.
 * Then, alone: full-text searches for a word one post has and for a word 40% of posts have, through the API as a
 * visitor and as an admin and through the /blog?q= page (when the site is built), every request a different address
 * so that none is answered from memory, and reads by an old slug (301). It prints requests/s, p99 latency, the ratio
 * to node:http, the server's CPU time per request (Linux), how each search scales from 10 to 10,000 posts, and the
 * time of each part of a search in the store (see scripts/lib/search-parts.ts). The server logs as in production:
 * one access line per request at info level (written to /dev/null). Other work on the machine skews single runs, so
 * runs alternate, several rounds, and each scenario reports its median run.
 * Options: --duration=SECONDS (3) --connections=N (20) --rounds=N (5) --minimum-requests=N (200); --reads-only for
 * the cached reads beside node:http alone (no searches, old slugs or parts of a search: a minute or two, not ten);
 * --small (with --reads-only) for the blog of 10 posts only; --warm-up=N requests before each run (5 per connection):
 * a few thousand measure the server's code compiled rather than while it is being compiled;
 * --comments for a post's page (the site must be built) with 0 and with 200 approved comments, beside node:http.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/store/database.ts';
import { findPostBySlug } from '../server/blog/post-store.ts';
import { commonWord, createBenchPosts, uniqueWord } from './lib/bench-posts.ts';
import { positiveNumberOption, wholeNumberOption } from './lib/cli-options.ts';
import { freePort } from '../server/test-support/free-port.ts';
import {
  startSignedInServer,
  stopServerProcess,
  waitUntilAnswering,
  type SignedInServer,
} from '../server/test-support/server-process.ts';
import { measure, median, uniqueSuffix, type LoadSettings, type Measurement } from './lib/http-load.ts';
import { startPrivatePostgres } from './lib/private-postgres.ts';
import { timeSearchParts, type SearchParts } from './lib/search-parts.ts';
import { formatFigure } from './lib/figures.ts';

const connections = wholeNumberOption('connections', 20);
const settings: LoadSettings = {
  duration: positiveNumberOption('duration', 3),
  connections,
  minimumRequests: wholeNumberOption('minimum-requests', 200),
  warmUpRequests: wholeNumberOption('warm-up', connections * 5),
};
const rounds = wholeNumberOption('rounds', 5);
const withPostgres = process.argv.includes('--postgres');
const readsOnly = process.argv.includes('--reads-only');
const withComments = process.argv.includes('--comments');
const root = join(import.meta.dirname, '..');
const siteBuilt =
  existsSync(join(root, 'dist', 'server', 'entry-server.js')) &&
  existsSync(join(root, 'dist', 'client', 'routes.json'));
// --small with --reads-only: the blog of 10 posts only, to try the script out in seconds.
const postCounts = readsOnly && process.argv.includes('--small') ? [10] : [10, 10_000];

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

/** Approved comments on a post, written straight into its database: half conversations, half replies to them. */
async function addApprovedComments(dataDir: string, slug: string, count: number): Promise<void> {
  const db = openDatabase({ dataDir });
  try {
    const post = await findPostBySlug(db, slug);
    if (!post) throw new Error(`No post ${slug} to comment on.`);
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: count }, (_, index) => ({
      id: `bench-comment-${String(index).padStart(4, '0')}`,
      post_id: post.id,
      parent_id: index % 2 === 1 ? `bench-comment-${String(index - 1).padStart(4, '0')}` : null,
      status: 'approved' as const,
      author_name: `Reader ${index}`,
      author_email: `reader${index}@example.com`,
      email_key: `reader${index}@example.com`,
      address_hash: null,
      by_agency: 0,
      text: `Comment ${index}: thanks for the post, see https://example.com/${index} for what we tried.`,
      spam_reason: null,
      lead_id: null,
      created_at: new Date(start + index * 60_000).toISOString(),
    }));
    for (let from = 0; from < rows.length; from += 100) {
      await db
        .insertInto('comments')
        .values(rows.slice(from, from + 100))
        .execute();
    }
  } finally {
    await db.destroy();
  }
}

function startApiServer(dataDir: string): Promise<SignedInServer> {
  const admin = { email: 'bench@northbeam.example', password: randomBytes(18).toString('base64url') };
  return startSignedInServer(
    admin,
    (base) => ({ SITE_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_EXAMPLES: 'false' }),
    { output: 'errors-to-console' },
  );
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
  await waitUntilAnswering(base, { child });
  return { child, base };
}

interface Row {
  label: string;
  bytes: number;
  ours: Measurement;
  bare: Measurement;
}

const samePath = (path: string) => () => path;

/** Loads our server at `path` (as a visitor, and as an admin when asked) and node:http with the same body, in turns. */
async function compare(label: string, path: string, api: SignedInServer, workDir: string, alsoAsAdmin = false) {
  const body = await (await fetch(`${api.base}${path}`)).text();
  const bareServer = await startBareServer(body, workDir);
  const runs: Record<'ours' | 'admin' | 'bare', Measurement[]> = { ours: [], admin: [], bare: [] };
  const ours = { pid: api.child.pid!, base: api.base, nextPath: samePath(path) };
  try {
    for (let round = 0; round < rounds; round += 1) {
      runs.ours.push(await measure(ours, settings));
      if (alsoAsAdmin) runs.admin.push(await measure({ ...ours, headers: { cookie: api.adminCookie } }, settings));
      runs.bare.push(
        await measure({ pid: bareServer.child.pid!, base: bareServer.base, nextPath: samePath('/') }, settings),
      );
    }
  } finally {
    await stopServerProcess(bareServer);
  }
  const bare = median(runs.bare);
  const rows: Row[] = [{ label, bytes: body.length, ours: median(runs.ours), bare }];
  if (alsoAsAdmin)
    rows.push({ label: `${label}, as admin (uncached)`, bytes: body.length, ours: median(runs.admin), bare });
  return rows;
}

interface Scenario {
  /** The same for every size of the blog: how its rows are paired up in the flatness table. */
  name: string;
  /** The address of the n-th request. */
  path: (n: number) => string;
  admin?: boolean;
  redirects?: boolean;
}

interface AloneRow extends Measurement {
  name: string;
  posts: number;
  matches?: string;
}

/** Our server alone, for answers node:http has no counterpart of (redirects, uncached searches): median of the rounds. */
async function measureAlone(scenario: Scenario, api: SignedInServer, posts: number): Promise<AloneRow> {
  let sequence = 0;
  const target = {
    pid: api.child.pid!,
    base: api.base,
    nextPath: () => scenario.path((sequence += 1)),
    headers: scenario.admin ? { cookie: api.adminCookie } : undefined,
    redirects: scenario.redirects,
  };
  const runs: Measurement[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(await measure(target, settings));
  return { name: scenario.name, posts, ...median(runs) };
}

async function matchCount(api: SignedInServer, word: string): Promise<string> {
  const response = await fetch(`${api.base}/api/blogs?limit=1&q=${word}`);
  return response.headers.get('x-total-count') ?? '?';
}

/** Searches for one word, every request a different address (see uniqueSuffix), so that no answer is cached. */
function searchScenarios(word: string, what: string): Scenario[] {
  const q = (n: number) => encodeURIComponent(`${word}${uniqueSuffix(n)}`);
  const scenarios: Scenario[] = [
    { name: `search ${what}: API, visitor`, path: (n) => `/api/blogs?limit=10&q=${q(n)}` },
    { name: `search ${what}: API, admin`, path: (n) => `/api/blogs?limit=10&status=published&q=${q(n)}`, admin: true },
  ];
  if (siteBuilt) scenarios.push({ name: `search ${what}: /blog?q= page`, path: (n) => `/blog?q=${q(n)}` });
  return scenarios;
}

const workDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-'));
const rows: Row[] = [];
const aloneRows: AloneRow[] = [];
const slugLookups: { posts: number; microseconds: number }[] = [];
const parts: { engine: string; posts: number; searches: SearchParts[] }[] = [];
const partSearches = (posts: number) => [
  { label: '1 match', word: uniqueWord(Math.floor(posts / 2)) },
  { label: 'many matches', word: commonWord },
];
try {
  for (const postCount of postCounts) {
    const dataDir = join(workDir, `posts-${postCount}`);
    const slugs = await createBenchPosts({ dataDir }, postCount);
    slugLookups.push({ posts: postCount, microseconds: await timeSlugLookups(dataDir, slugs) });
    if (!readsOnly) {
      parts.push({
        engine: 'SQLite',
        posts: postCount,
        searches: await timeSearchParts({ dataDir }, partSearches(postCount)),
      });
    }
    const middle = Math.floor(postCount / 2);
    const slug = slugs[middle];
    const commentedSlug = slugs[middle + 1]!;
    if (withComments) await addApprovedComments(dataDir, commentedSlug, 200);
    const api = await startApiServer(dataDir);
    try {
      rows.push(...(await compare(`list ?limit=10, ${postCount} posts`, '/api/blogs?limit=10', api, workDir)));
      rows.push(...(await compare(`read by slug, ${postCount} posts`, `/api/blogs/slug/${slug}`, api, workDir, true)));
      if (withComments && siteBuilt) {
        rows.push(...(await compare(`post page, 0 comments, ${postCount} posts`, `/blogs/${slug}`, api, workDir)));
        rows.push(
          ...(await compare(`post page, 200 comments, ${postCount} posts`, `/blogs/${commentedSlug}`, api, workDir)),
        );
      }
      if (readsOnly) continue;
      const counts = { one: await matchCount(api, uniqueWord(middle)), many: await matchCount(api, commonWord) };
      for (const scenario of searchScenarios(uniqueWord(middle), '1 match')) {
        aloneRows.push({ ...(await measureAlone(scenario, api, postCount)), matches: counts.one });
      }
      for (const scenario of searchScenarios(commonWord, `"${commonWord}" (40% of posts)`)) {
        aloneRows.push({ ...(await measureAlone(scenario, api, postCount)), matches: counts.many });
      }
      const oldSlug = (n: number) => `/api/blogs/slug/${slugs[(n * 7919) % slugs.length]}-old`;
      aloneRows.push(
        await measureAlone({ name: 'read by old slug (301)', path: oldSlug, redirects: true }, api, postCount),
      );
    } finally {
      await stopServerProcess(api);
    }
  }
  if (withPostgres) {
    const cluster = await startPrivatePostgres({ durable: true });
    try {
      for (const postCount of postCounts) {
        const databaseUrl = new URL(cluster.url);
        databaseUrl.pathname = `/bench_${postCount}`;
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query(`create database bench_${postCount}`);
        await admin.end();
        await createBenchPosts({ dataDir: workDir, databaseUrl: databaseUrl.href }, postCount);
        parts.push({
          engine: 'PostgreSQL',
          posts: postCount,
          searches: await timeSearchParts({ dataDir: workDir, databaseUrl: databaseUrl.href }, partSearches(postCount)),
        });
      }
    } finally {
      cluster.stop();
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

console.log(
  `\nautocannon on 127.0.0.1: ${settings.connections} connections, ${settings.duration} s per run (or ` +
    `${settings.minimumRequests} requests when slower) after a warm-up of ${settings.warmUpRequests} requests, ` +
    `median of ${rounds} runs; server NODE_ENV=production, LOG_LEVEL=info (one access line per request, to /dev/null)`,
);
console.table(
  rows.map(({ label, bytes, ours, bare }) => ({
    scenario: label,
    'body bytes': bytes,
    'req/s': formatFigure(ours.requestsPerSecond),
    'p99 ms': ours.p99,
    'node:http req/s': formatFigure(bare.requestsPerSecond),
    'node:http p99 ms': bare.p99,
    'CPU µs/req': formatFigure(ours.cpuMicroseconds, 1),
    'node:http CPU µs/req': formatFigure(bare.cpuMicroseconds, 1),
    ratio: formatFigure(ours.requestsPerSecond / bare.requestsPerSecond, 2),
  })),
);
if (!readsOnly) {
  console.log(
    'Searches (every request a new address, so none is answered from memory) and reads by an old slug:' +
      (siteBuilt ? '' : '\n(the site is not built: run `npm run build` to measure the /blog?q= page too)'),
  );
  console.table(
    aloneRows.map((row) => ({
      scenario: row.name,
      posts: formatFigure(row.posts),
      matches: row.matches ?? '',
      requests: row.requests,
      'req/s': formatFigure(row.requestsPerSecond),
      'p99 ms': row.p99,
      'CPU µs/req': formatFigure(row.cpuMicroseconds, 1),
    })),
  );
  console.log(
    `Flat or not: each scenario at ${formatFigure(postCounts[1]!)} posts against ${formatFigure(postCounts[0]!)} posts`,
  );
  console.table(
    [...new Set(aloneRows.map((row) => row.name))].map((name) => {
      const [small, large] = postCounts.map((posts) =>
        aloneRows.find((row) => row.name === name && row.posts === posts)!,
      );
      return {
        scenario: name,
        'req/s ratio': formatFigure(large!.requestsPerSecond / small!.requestsPerSecond, 2),
        'CPU/req ratio': formatFigure(large!.cpuMicroseconds / small!.cpuMicroseconds, 2),
        'p99 ms': `${small!.p99} → ${large!.p99}`,
      };
    }),
  );
  console.log("Parts of a visitor's search in the store, in process, without HTTP (median ms):");
  console.table(
    parts.flatMap(({ engine, posts, searches }) =>
      searches.map(({ label, matches, parts: times }) => ({
        store: `${engine}, ${formatFigure(posts)} posts`,
        search: `${label} (${formatFigure(matches)})`,
        ...Object.fromEntries(Object.entries(times).map(([part, ms]) => [part, formatFigure(ms, 2)])),
      })),
    ),
  );
}
console.log('Store read by slug, in process, without HTTP (mean of 5,000 lookups of varied slugs):');
for (const { posts, microseconds } of slugLookups)
  console.log(`  ${formatFigure(posts)} posts: ${formatFigure(microseconds, 1)} µs`);
