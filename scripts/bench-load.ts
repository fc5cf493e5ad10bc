/**
 * `npm run bench:load [-- --seconds N --connections N]`: mixed traffic with autocannon against the production server
 * (its own process, NODE_ENV=production) on 127.0.0.1, once on SQLite and once on PostgreSQL (a private cluster
 * that flushes every commit, as a production one does). 90% visitors' reads, 10% an admin's writes; see
 * scripts/lib/mixed-traffic.ts. Prints requests/s, p99 latency, errors and 5xx answers, which must be 0.
 * Beside that mix, `--sign-ins N` (default 40) connections send wrong-password sign-ins from rotating addresses (the
 * server trusts X-Forwarded-For, as behind a proxy), and two probes measure `/healthz` and a cached page meanwhile.
 * Defaults: 60 seconds per database, 100 connections.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { examplePosts } from '../server/blog/example-posts.ts';
import { postFields } from '../server/blog/post-input.ts';
import { openDatabase, type StoreLocation } from '../server/store/database.ts';
import { migrateToLatest } from '../server/store/migrate.ts';
import { insertPost } from '../server/blog/post-store.ts';
import { startSignedInServer, stopServerProcess, type SignedInServer } from '../server/test-support/server-process.ts';
import { probe, signInFlood } from './lib/sign-in-flood.ts';
import { mixedTraffic, type TrafficTargets, type WriteCounts } from './lib/mixed-traffic.ts';
import { startPrivatePostgres } from './lib/private-postgres.ts';
import { wholeNumberOption } from './lib/cli-options.ts';

const seconds = wholeNumberOption('seconds', 60);
const connections = wholeNumberOption('connections', 100);
const signIns = wholeNumberOption('sign-ins', 40);
const postCount = 200;
const admin = { email: 'load@northbeam.example', password: randomBytes(18).toString('base64url') };

/** A database of published posts made from the example posts; returns what visitors will ask for. */
async function populate(location: StoreLocation): Promise<Omit<TrafficTargets, 'origin' | 'adminCookie'>> {
  const db = openDatabase(location);
  try {
    await migrateToLatest(db);
    const templates = examplePosts.map((input) => postFields(input, new Date()));
    const targets = {
      slugs: [] as string[],
      ids: [] as string[],
      tags: [...new Set(templates.flatMap((t) => t.tags))],
    };
    for (let index = 0; index < postCount; index += 1) {
      const template = templates[index % templates.length]!;
      const publishedAt = new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString();
      const post = { ...template, id: `post-${index}`, slug: `${template.slug}-${index}`, publishedAt };
      await insertPost(
        db,
        { ...post, author: 'Northbeam Team', createdAt: publishedAt, updatedAt: publishedAt },
        { id: `revision-${index}`, author: 'Northbeam Team', reason: 'save', kind: 'created' },
      );
      targets.slugs.push(post.slug);
      targets.ids.push(post.id);
    }
    return targets;
  } finally {
    await db.destroy();
  }
}

function startServer(location: StoreLocation): Promise<SignedInServer> {
  return startSignedInServer(
    admin,
    {
      DATA_DIR: location.dataDir,
      DATABASE_URL: location.databaseUrl ?? '',
      SEED_EXAMPLES: 'false',
      TRUST_PROXY: 'true',
    },
    { timeoutMs: 30_000, output: 'errors-to-console' },
  );
}

interface Outcome {
  database: string;
  result: autocannon.Result;
  writes: WriteCounts;
  flood: autocannon.Result;
  health: autocannon.Result;
  page: autocannon.Result;
}

async function loadTest(database: string, location: StoreLocation): Promise<Outcome> {
  const targets = await populate(location);
  const server = await startServer(location);
  try {
    const { request, writes } = mixedTraffic({ ...targets, origin: server.base, adminCookie: server.adminCookie });
    console.log(`${database}: ${connections} connections and ${signIns} sign-in connections for ${seconds} s…`);
    const [result, flood, health, page] = await Promise.all([
      autocannon({ url: server.base, connections, duration: seconds, requests: [request] }),
      signInFlood({ origin: server.base, connections: signIns, seconds }),
      probe({ origin: server.base, path: '/healthz', seconds }),
      probe({ origin: server.base, path: `/blogs/${targets.slugs[0]}`, seconds }),
    ]);
    return { database, result, writes, flood, health, page };
  } finally {
    await stopServerProcess(server);
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'northbeam-load-'));
const outcomes: Outcome[] = [];
try {
  outcomes.push(await loadTest('SQLite', { dataDir: join(workDir, 'sqlite') }));
  const postgres = await startPrivatePostgres({ durable: true });
  try {
    outcomes.push(await loadTest('PostgreSQL', { dataDir: join(workDir, 'unused'), databaseUrl: postgres.url }));
  } finally {
    postgres.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

console.log(
  `\nautocannon on 127.0.0.1: ${connections} connections, ${seconds} s per database, ${postCount} published posts; ` +
    '90% visitors’ reads, 10% admin writes; server NODE_ENV=production LOG_LEVEL=warn',
);
console.table(
  outcomes.map(({ database, result, writes }) => ({
    database,
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'writes (new/edited/deleted)': `${writes.created}/${writes.edited}/${writes.deleted}`,
    errors: result.errors,
    timeouts: result.timeouts,
    '5xx': result['5xx'],
    'other non-2xx': result.non2xx - result['5xx'],
  })),
);
console.log(
  `\nMeanwhile: ${signIns} connections of wrong-password sign-ins for rotating accounts from rotating addresses, ` +
    'and two probes of 2 connections each',
);
console.table(
  outcomes.map(({ database, flood, health, page }) => ({
    database,
    'sign-ins sent': flood.requests.total,
    'sign-ins refused 429': flood.statusCodeStats?.['429']?.count ?? 0,
    'sign-ins refused 503': flood.statusCodeStats?.['503']?.count ?? 0,
    'sign-ins answered 401': flood.statusCodeStats?.['401']?.count ?? 0,
    '/healthz p99 ms': health.latency.p99,
    'cached post p99 ms': page.latency.p99,
    'probe errors': health.errors + page.errors,
    'probe non-2xx': health.non2xx + page.non2xx,
  })),
);
const failed = outcomes.some(({ result }) => result.errors > 0 || result['5xx'] > 0);
if (failed) console.error('Some requests failed: see errors and 5xx above.');
process.exitCode = failed ? 1 : 0;
