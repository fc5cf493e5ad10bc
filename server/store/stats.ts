import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  RollupReplay,
  sourceOf,
  splitBreakdownKey,
  type Counts,
  type Dimension,
  type StoredView,
  type ViewEvent,
} from '../stats/rollup.ts';
import { isPostgres } from './dialect.ts';
import type { Database, StatsViewTable } from './schema.ts';

const dayMs = 24 * 60 * 60 * 1000;
// 16 columns a row: well under both databases' limits on a statement's parameters.
const rowsPerInsert = 500;
const visitorsPerRead = 500;

export function dayOf(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs);
}

/**
 * The day's random salt, made by whichever instance needs it first; every instance reads the same one from the
 * database.
 */
export async function daySalt(db: Kysely<Database>, day: string, now: Date): Promise<string> {
  await db
    .insertInto('stats_salts')
    .values({ day, salt: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const { salt } = await db
    .selectFrom('stats_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return salt;
}

/**
 * Forgets what could tell one visitor from another: salts and raw views of the days before yesterday. A salt thus
 * lives at most 48 hours (its own day and the next), and raw views two days.
 */
export async function pruneStats(db: Kysely<Database>, now: Date): Promise<void> {
  const yesterday = addDays(dayOf(now), -1);
  await db.deleteFrom('stats_salts').where('day', '<', yesterday).execute();
  await db.deleteFrom('stats_views').where('day', '<', yesterday).execute();
}

type ViewRow = Omit<StatsViewTable, 'id'>;

function toRow(view: StoredView): ViewRow {
  return {
    day: view.day,
    at: view.at,
    visitor: view.visitor,
    visit_id: view.visitId,
    entry: view.entry ? 1 : 0,
    path: view.path,
    referrer_host: view.referrerHost,
    utm_source: view.utmSource,
    utm_medium: view.utmMedium,
    utm_campaign: view.utmCampaign,
    utm_term: view.utmTerm,
    utm_content: view.utmContent,
    device: view.device,
    browser: view.browser,
    os: view.os,
  };
}

export function fromRow(row: ViewRow): StoredView {
  return {
    day: row.day,
    at: row.at,
    visitor: row.visitor,
    visitId: row.visit_id,
    entry: Number(row.entry) === 1,
    path: row.path,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    device: row.device,
    browser: row.browser,
    os: row.os,
  };
}

/** One writer of views at a time across instances: each needs the views the others stored before it. */
async function lockViews(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(2323)`.execute(trx);
  // A write first takes SQLite's write lock at once, so the reads below cannot go stale under another process.
  else await trx.updateTable('stats_salts').set({ day: sql`day` }).where(sql.lit(0), '=', 1).execute();
}

/** The stored views of the batch's visitors on the batch's days, oldest first. */
async function knownViews(trx: Transaction<Database>, events: ViewEvent[]): Promise<StoredView[]> {
  const visitorsByDay = new Map<string, Set<string>>();
  for (const event of events) {
    let visitors = visitorsByDay.get(event.day);
    if (visitors === undefined) visitorsByDay.set(event.day, (visitors = new Set()));
    visitors.add(event.visitor);
  }
  const rows: ViewRow[] = [];
  for (const [day, visitors] of visitorsByDay) {
    const all = [...visitors];
    for (let start = 0; start < all.length; start += visitorsPerRead) {
      rows.push(
        ...(await trx
          .selectFrom('stats_views')
          .select([
            'day',
            'at',
            'visitor',
            'visit_id',
            'entry',
            'path',
            'referrer_host',
            'utm_source',
            'utm_medium',
            'utm_campaign',
            'utm_term',
            'utm_content',
            'device',
            'browser',
            'os',
          ])
          .where('day', '=', day)
          .where('visitor', 'in', all.slice(start, start + visitorsPerRead))
          .orderBy('id')
          .execute()),
      );
    }
  }
  return rows.map(fromRow);
}

/**
 * Stores a batch of page views and adds them to the daily rollups, in one transaction: the raw views of the same
 * visitors that day tell which visitors, visits and pages are new.
 */
export async function storeViews(db: Kysely<Database>, events: ViewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ordered = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    await lockViews(trx);
    const replay = new RollupReplay();
    for (const view of await knownViews(trx, ordered)) replay.known(view);
    const rows = ordered.map((event) => toRow(replay.add(event)));
    for (let start = 0; start < rows.length; start += rowsPerInsert) {
      await trx
        .insertInto('stats_views')
        .values(rows.slice(start, start + rowsPerInsert))
        .execute();
    }
    const totals = [...replay.delta.totals].map(([day, delta]) => ({
      day,
      visitors: delta.visitors,
      visits: delta.visits,
      page_views: delta.pageViews,
      bounces: delta.bounces,
      duration_ms: delta.durationMs,
    }));
    if (totals.length > 0) {
      await trx
        .insertInto('stats_daily_totals')
        .values(totals)
        .onConflict((conflict) =>
          conflict.column('day').doUpdateSet((eb) => ({
            visitors: eb('stats_daily_totals.visitors', '+', eb.ref('excluded.visitors')),
            visits: eb('stats_daily_totals.visits', '+', eb.ref('excluded.visits')),
            page_views: eb('stats_daily_totals.page_views', '+', eb.ref('excluded.page_views')),
            bounces: eb('stats_daily_totals.bounces', '+', eb.ref('excluded.bounces')),
            duration_ms: eb('stats_daily_totals.duration_ms', '+', eb.ref('excluded.duration_ms')),
          })),
        )
        .execute();
    }
    const breakdowns = [...replay.delta.breakdowns].map(([compound, counts]) => ({
      ...splitBreakdownKey(compound),
      visitors: counts.visitors,
      visits: counts.visits,
      page_views: counts.pageViews,
    }));
    for (let start = 0; start < breakdowns.length; start += rowsPerInsert) {
      await trx
        .insertInto('stats_daily')
        .values(breakdowns.slice(start, start + rowsPerInsert))
        .onConflict((conflict) =>
          conflict.columns(['dimension', 'day', 'key']).doUpdateSet((eb) => ({
            visitors: eb('stats_daily.visitors', '+', eb.ref('excluded.visitors')),
            visits: eb('stats_daily.visits', '+', eb.ref('excluded.visits')),
            page_views: eb('stats_daily.page_views', '+', eb.ref('excluded.page_views')),
          })),
        )
        .execute();
    }
  });
}

export interface RangeTotals extends Counts {
  bounces: number;
  durationMs: number;
}

/** The range's totals, summed over its days (both ends included). */
export async function readRangeTotals(db: Kysely<Database>, from: string, to: string): Promise<RangeTotals> {
  const row = await db
    .selectFrom('stats_daily_totals')
    .select((eb) => [
      eb.fn.sum<string | number | null>('visitors').as('visitors'),
      eb.fn.sum<string | number | null>('visits').as('visits'),
      eb.fn.sum<string | number | null>('page_views').as('page_views'),
      eb.fn.sum<string | number | null>('bounces').as('bounces'),
      eb.fn.sum<string | number | null>('duration_ms').as('duration_ms'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow();
  return {
    visitors: Number(row.visitors ?? 0),
    visits: Number(row.visits ?? 0),
    pageViews: Number(row.page_views ?? 0),
    bounces: Number(row.bounces ?? 0),
    durationMs: Number(row.duration_ms ?? 0),
  };
}

export interface DayCounts extends Counts {
  day: string;
}

/** The days of the range that had views, oldest first. */
export async function readDailyTotals(db: Kysely<Database>, from: string, to: string): Promise<DayCounts[]> {
  const rows = await db
    .selectFrom('stats_daily_totals')
    .select(['day', 'visitors', 'visits', 'page_views'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    pageViews: Number(row.page_views),
  }));
}

export interface KeyCounts extends Counts {
  key: string;
}

/**
 * A breakdown over the range: the keys with the most `by`, at most `limit`, or only the keys of `keys` when given.
 */
export async function readBreakdown(
  db: Kysely<Database>,
  dimension: Dimension,
  from: string,
  to: string,
  options: { by: 'visits' | 'page_views'; limit?: number; keys?: string[] },
): Promise<KeyCounts[]> {
  if (options.keys?.length === 0) return [];
  let query = db
    .selectFrom('stats_daily')
    .select((eb) => [
      'key',
      eb.fn.sum<string | number>('visitors').as('visitors'),
      eb.fn.sum<string | number>('visits').as('visits'),
      eb.fn.sum<string | number>('page_views').as('page_views'),
    ])
    .where('dimension', '=', dimension)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (options.keys !== undefined) query = query.where('key', 'in', options.keys);
  let ordered = query
    .groupBy('key')
    .orderBy((eb) => eb.fn.sum(options.by), 'desc')
    .orderBy('key');
  if (options.limit !== undefined) ordered = ordered.limit(options.limit);
  const rows = await ordered.execute();
  return rows.map((row) => ({
    key: row.key,
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    pageViews: Number(row.page_views),
  }));
}

export interface LeadAttributionCount {
  type: string;
  landingPage: string | null;
  source: string;
  campaign: string | null;
  count: number;
}

/** Leads (spam excluded) received in the range, counted by type and the attribution they carried. */
export async function countLeadsByAttribution(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<LeadAttributionCount[]> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => [
      'type',
      'landing_page',
      'referrer_host',
      'utm_source',
      'utm_campaign',
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where('status', '!=', 'spam')
    .where('created_at', '>=', `${from}T00:00:00.000Z`)
    .where('created_at', '<', `${addDays(to, 1)}T00:00:00.000Z`)
    .groupBy(['type', 'landing_page', 'referrer_host', 'utm_source', 'utm_campaign'])
    .execute();
  return rows.map((row) => ({
    type: row.type,
    landingPage: row.landing_page === null ? null : row.landing_page.split(/[?#]/, 1)[0]! || null,
    source: sourceOf({ utmSource: row.utm_source, referrerHost: row.referrer_host }),
    campaign: row.utm_campaign || null,
    count: Number(row.count),
  }));
}
