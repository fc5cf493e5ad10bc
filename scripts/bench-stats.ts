/**
 * `npm run bench:stats`: the production server (its own process) under page views and dashboard reads. Prints, in
 * one run: POST /api/collect (each view from an address of its own, so that the limit per address leaves them
 * alone) beside GET /api/blogs?limit=10 as a visitor, each alone and both at once (requests/s, p99), and whether
 * every accepted view was stored after the flush; then, for each size, a year of daily rollups and two days of raw
 * views generated straight into the database (as that many page views would have left them), the dashboard's answer
 * time (GET /api/stats, sequential, p50 and p95) for 30 days and 12 months, and the storage of the stats' tables per
 * million page views.
 * Options: --seconds=N (5) of each load, --connections=N (10), --views=N[,N…] (1000000,10000000) page views per
 * size, --postgres to run on a private PostgreSQL cluster instead of SQLite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type StoreLocation } from '../server/store/database.ts';
import { isPostgres } from '../server/store/dialect.ts';
import type { Database, StatsViewTable } from '../server/store/schema.ts';
import { addDays, dayOf } from '../server/stats/stats-store.ts';
import { storeLeads, type TestLead } from '../server/test-support/stored-leads.ts';
import { startSignedInServer, stopServerProcess, type SignedInServer } from '../server/test-support/server-process.ts';
import { positiveNumberOption, wholeNumberOption } from './lib/cli-options.ts';
import { startPrivatePostgres } from './lib/private-postgres.ts';
import { formatFigure } from './lib/figures.ts';

const seconds = positiveNumberOption('seconds', 5);
const connections = wholeNumberOption('connections', 10);
const withPostgres = process.argv.includes('--postgres');
const sizes = (() => {
  const option = process.argv.slice(2).find((arg) => arg.startsWith('--views='));
  const values = (option?.slice('--views='.length) ?? '1000000,10000000').split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1000))
    throw new Error('--views takes whole numbers of at least 1000');
  return values;
})();
const admin = { email: 'bench@northbeam.example', password: 'bench password for stats' };
const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
};

interface Load {
  perSecond: number;
  p99: number;
  accepted: number;
}

let viewCount = 0;
function collectLoad(base: string): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          viewCount += 1;
          return {
            ...request,
            path: '/api/collect',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: base,
              'user-agent': browser,
              'x-forwarded-for': `10.${(viewCount >> 16) & 255}.${(viewCount >> 8) & 255}.${viewCount & 255}`,
            },
            body: JSON.stringify({ path: `/blog/post-${viewCount % 50}`, referrer: 'https://www.google.com/' }),
          };
        },
      },
    ],
  });
}

function listLoad(base: string): Promise<autocannon.Result> {
  return autocannon({ url: `${base}/api/blogs?limit=10`, connections, duration: seconds });
}

const loadOf = (result: autocannon.Result): Load => ({
  perSecond: result['2xx'] / result.duration,
  p99: result.latency.p99,
  accepted: result['2xx'],
});

async function countRows(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('stats_views')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Keys of a breakdown, most frequent first, with Zipf weights. */
function keysOf(prefix: string, count: number): { key: string; weight: number }[] {
  const keys = Array.from({ length: Math.max(1, Math.round(count)) }, (_, index) => ({
    key: `${prefix}${index}`,
    weight: 1 / (index + 1),
  }));
  const total = keys.reduce((sum, key) => sum + key.weight, 0);
  return keys.map((key) => ({ ...key, weight: key.weight / total }));
}

async function insertChunks<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: object[],
  size: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
  }
}

const statsTables = ['stats_views', 'stats_daily', 'stats_monthly', 'stats_daily_totals', 'stats_salts'] as const;

/**
 * What `views` page views over the year up to `lastDay` leave in the database: a row of totals a day, a row per day
 * and key of each breakdown (more pages and sources the busier the site) with the months' sums, and the raw views of
 * the last two days.
 */
async function generateStats(db: Kysely<Database>, views: number, lastDay: string): Promise<void> {
  const scale = Math.sqrt(views / 100_000);
  const dimensions = {
    page: keysOf('/page-', 100 * scale),
    entry: keysOf('/page-', 50 * scale),
    source: keysOf('source-', 30 * scale).map((key, index) => (index === 0 ? { ...key, key: '(direct)' } : key)),
    campaign: keysOf('campaign-', 10 * scale),
    device: keysOf('device-', 3),
    browser: keysOf('browser-', 8),
    os: keysOf('os-', 6),
  };
  const days = 365;
  const perDay = Math.round(views / days);
  await db.transaction().execute(async (trx) => {
    for (const table of statsTables) await trx.deleteFrom(table).execute();
    for (let index = 0; index < days; index += 1) {
      const day = addDays(lastDay, -index);
      const visits = Math.round(perDay / 2.5);
      await trx
        .insertInto('stats_daily_totals')
        .values({
          day,
          visitors: Math.round(visits * 0.8),
          visits,
          page_views: perDay,
          bounces: Math.round(visits * 0.45),
          duration_ms: visits * 60_000,
        })
        .execute();
      const rows = Object.entries(dimensions).flatMap(([dimension, keys]) =>
        keys.flatMap(({ key, weight }) => {
          const pageViews = Math.round(perDay * weight);
          if (pageViews === 0) return [];
          const keyVisits = Math.max(1, Math.round(pageViews / 2.5));
          return [
            {
              dimension,
              day,
              key,
              visitors: Math.max(1, Math.round(keyVisits * 0.8)),
              visits: keyVisits,
              page_views: pageViews,
            },
          ];
        }),
      );
      await insertChunks(trx, 'stats_daily', rows, 500);
    }
    // The months' rows are the sums of their days', as the collector's flushes leave them.
    await sql`insert into stats_monthly (dimension, month, key, visitors, visits, page_views)
      select dimension, substr(day, 1, 7), key, sum(visitors), sum(visits), sum(page_views) from stats_daily
      group by dimension, substr(day, 1, 7), key`.execute(trx);
    const raw: Omit<StatsViewTable, 'id'>[] = [];
    for (const day of [addDays(lastDay, -1), lastDay]) {
      for (let view = 0; view < perDay; view += 1) {
        const visit = Math.floor(view / 2.5);
        raw.push({
          day,
          at: `${day}T${String(Math.floor((view / perDay) * 24)).padStart(2, '0')}:00:00.000Z`,
          visitor: `visitor-${Math.floor(visit * 0.8)}`.padEnd(22, '0'),
          visit_id: randomUUID(),
          entry: view % 5 === 0 ? 1 : 0,
          path: dimensions.page[view % dimensions.page.length]!.key,
          referrer_host: view % 3 === 0 ? 'www.google.com' : null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: view % 7 === 0 ? 'campaign-1' : null,
          utm_term: null,
          utm_content: null,
          device: 'desktop',
          browser: 'Chrome',
          os: 'Windows',
        });
      }
    }
    await insertChunks(trx, 'stats_views', raw, 400);
  });
}

/** Bytes the stats' tables and their indexes take. */
async function statsBytes(db: Kysely<Database>): Promise<number> {
  if (isPostgres(db)) {
    let bytes = 0;
    for (const table of statsTables) {
      const { rows } = await sql<{ bytes: string }>`select pg_total_relation_size(${table}) as bytes`.execute(db);
      bytes += Number(rows[0]!.bytes);
    }
    return bytes;
  }
  const { rows } = await sql<{ bytes: number | null }>`select sum(pgsize) as bytes from dbstat
    where name like 'stats%' or name like 'sqlite_autoindex_stats%'`.execute(db);
  return Number(rows[0]!.bytes ?? 0);
}

async function compact(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of statsTables) await sql`vacuum full analyze ${sql.table(table)}`.execute(db);
  } else {
    await sql`vacuum`.execute(db);
    await sql`analyze`.execute(db);
  }
}

async function answerTimes(server: SignedInServer, cookie: string, from: string, to: string): Promise<number[]> {
  const times: number[] = [];
  for (let request = 0; request < 45; request += 1) {
    const started = performance.now();
    const response = await fetch(`${server.base}/api/stats?from=${from}&to=${to}`, { headers: { cookie } });
    if (response.status !== 200)
      throw new Error(`GET /api/stats answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    // The first five warm the server's prepared statements and the database's cache.
    if (request >= 5) times.push(performance.now() - started);
  }
  return times;
}

function someLeads(lastDay: string): TestLead[] {
  return Array.from({ length: 200 }, (_, index) => ({
    created_at: `${addDays(lastDay, -(index % 365))}T10:00:00.000Z`,
    attribution: {
      landingPage: `/page-${index % 20}`,
      utmSource: index % 2 === 0 ? `source-${index % 10}` : undefined,
      utmCampaign: index % 3 === 0 ? `campaign-${index % 5}` : undefined,
    },
  }));
}

const workDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-stats-'));
const cluster = withPostgres ? await startPrivatePostgres({ durable: true }) : undefined;
const store: StoreLocation = { dataDir: join(workDir, 'data'), databaseUrl: cluster?.url };
const engine = withPostgres ? 'PostgreSQL' : 'SQLite';
const lines: string[] = [];
const started = performance.now();
let server: SignedInServer | undefined;
let db: Kysely<Database> | undefined;
try {
  server = await startSignedInServer(
    admin,
    {
      DATA_DIR: store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      CLIENT_DIR: join(workDir, 'no-build'),
      TRUST_PROXY: '127.0.0.1',
    },
    { output: 'errors-to-console' },
  );
  db = openDatabase(store);
  const list = loadOf(await listLoad(server.base));
  const collect = loadOf(await collectLoad(server.base));
  const [listBeside, collectBeside] = (await Promise.all([listLoad(server.base), collectLoad(server.base)])).map(
    loadOf,
  );
  // Two flushes: every view accepted is stored by then.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const stored = await countRows(db);
  const accepted = collect.accepted + collectBeside!.accepted;
  lines.push(
    `GET /api/blogs?limit=10 alone        ${formatFigure(list.perSecond)} req/s, p99 ${list.p99} ms`,
    `POST /api/collect alone              ${formatFigure(collect.perSecond)} views/s, p99 ${collect.p99} ms`,
    `both at once: GET /api/blogs         ${formatFigure(listBeside!.perSecond)} req/s, p99 ${listBeside!.p99} ms`,
    `              POST /api/collect      ${formatFigure(collectBeside!.perSecond)} views/s, p99 ${collectBeside!.p99} ms`,
    `views stored after the flush         ${formatFigure(stored)} (${formatFigure(accepted)} answered 202 within the runs)`,
  );

  const cookie = server.adminCookie;
  const lastDay = dayOf(Date.now());
  await storeLeads(store, someLeads(lastDay));
  for (const views of sizes) {
    const generating = performance.now();
    await generateStats(db, views, lastDay);
    await compact(db);
    const generated = (performance.now() - generating) / 1000;
    const bytes = await statsBytes(db);
    const month = await answerTimes(server, cookie, addDays(lastDay, -29), lastDay);
    const year = await answerTimes(server, cookie, addDays(lastDay, -364), lastDay);
    const rollupRows = Number(
      (
        await db
          .selectFrom('stats_daily')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    lines.push(
      `${formatFigure(views)} page views (${formatFigure(rollupRows)} rollup rows, ${formatFigure(await countRows(db))} raw views, ` +
        `generated in ${formatFigure(generated, 1)} s)`,
      `  GET /api/stats 30 days             p50 ${formatFigure(percentile(month, 0.5), 1)} ms, p95 ${formatFigure(percentile(month, 0.95), 1)} ms`,
      `  GET /api/stats 12 months           p50 ${formatFigure(percentile(year, 0.5), 1)} ms, p95 ${formatFigure(percentile(year, 0.95), 1)} ms`,
      `  storage of the stats' tables       ${formatFigure(bytes / 1024 / 1024, 1)} MiB, ` +
        `${formatFigure(bytes / 1024 / 1024 / (views / 1_000_000), 2)} MiB per million page views`,
    );
  }
} finally {
  await db?.destroy();
  if (server) await stopServerProcess(server);
  cluster?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
console.log(`bench:stats on ${engine}, ${seconds} s per load, ${connections} connections`);
for (const line of lines) console.log(line);
console.log(`(whole run ${formatFigure((performance.now() - started) / 1000, 0)} s)`);
