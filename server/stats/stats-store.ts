import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { sourceHost } from '../../src/domain/traffic-source.ts';
import { defaultKeyLimits, KeyAllowance, otherKey, type HeldKeys, type KeyLimits } from './key-caps.ts';
import {
  RollupReplay,
  sourceOf,
  splitBreakdownKey,
  viewKeys,
  visitDimensions,
  type Counts,
  type Dimension,
  type StoredView,
  type ViewEvent,
} from './rollup.ts';
import { isPostgres } from '../store/dialect.ts';
import type { Database, StatsViewTable } from '../store/schema.ts';

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
  const { salt } = await db.selectFrom('stats_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
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
  else
    await trx
      .updateTable('stats_salts')
      .set({ day: sql`day` })
      .where(sql.lit(0), '=', 1)
      .execute();
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
 * How many keys each breakdown holds on the views' days and in their months, and which of the views' keys it holds:
 * what decides whether a key gets room or is counted as `(other)`.
 */
async function heldKeys(trx: Transaction<Database>, views: ViewEvent[]): Promise<HeldKeys[]> {
  const keysByDay = new Map<string, Set<string>>();
  for (const view of views) {
    const keys = keysByDay.get(view.day) ?? new Set<string>();
    for (const key of Object.values(viewKeys(view))) if (key !== null) keys.add(key);
    keysByDay.set(view.day, keys);
  }
  const held = new Map<string, HeldKeys>();
  const hold = (dimension: string, period: string): HeldKeys => {
    const id = `${dimension}\u0000${period}`;
    let entry = held.get(id);
    if (entry === undefined) held.set(id, (entry = { dimension: dimension as Dimension, period, count: 0, keys: [] }));
    return entry;
  };
  const days = [...keysByDay.keys()];
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  // Named, so that both databases find the rows by their key's index (dimension first).
  const dimensions: Dimension[] = ['page', ...visitDimensions];
  const dailyCounts = await trx
    .selectFrom('stats_daily')
    .select((eb) => ['dimension', 'day', eb.fn.countAll<string | number>().as('count')])
    .where('dimension', 'in', dimensions)
    .where('day', 'in', days)
    .where('key', '!=', otherKey)
    .groupBy(['dimension', 'day'])
    .execute();
  for (const row of dailyCounts) hold(row.dimension, row.day).count = Number(row.count);
  const monthlyCounts = await trx
    .selectFrom('stats_monthly')
    .select((eb) => ['dimension', 'month', eb.fn.countAll<string | number>().as('count')])
    .where('dimension', 'in', dimensions)
    .where('month', 'in', months)
    .where('key', '!=', otherKey)
    .groupBy(['dimension', 'month'])
    .execute();
  for (const row of monthlyCounts) hold(row.dimension, row.month).count = Number(row.count);
  for (const [day, keySet] of keysByDay) {
    const keys = [...keySet];
    for (let start = 0; start < keys.length; start += visitorsPerRead) {
      const chunk = keys.slice(start, start + visitorsPerRead);
      const daily = await trx
        .selectFrom('stats_daily')
        .select(['dimension', 'key'])
        .where('dimension', 'in', dimensions)
        .where('day', '=', day)
        .where('key', 'in', chunk)
        .execute();
      for (const row of daily) hold(row.dimension, day).keys.push(row.key);
      const monthly = await trx
        .selectFrom('stats_monthly')
        .select(['dimension', 'key'])
        .where('dimension', 'in', dimensions)
        .where('month', '=', day.slice(0, 7))
        .where('key', 'in', chunk)
        .execute();
      for (const row of monthly) hold(row.dimension, day.slice(0, 7)).keys.push(row.key);
    }
  }
  return [...held.values()];
}

/**
 * Stores a batch of page views and adds them to the daily rollups, in one transaction: the raw views of the same
 * visitors that day tell which visitors, visits and pages are new. A breakdown holds at most `limits` keys a day and
 * a month; the views of other keys count under `(other)`.
 */
export async function storeViews(
  db: Kysely<Database>,
  events: ViewEvent[],
  limits: KeyLimits = defaultKeyLimits,
): Promise<void> {
  if (events.length === 0) return;
  const ordered = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    await lockViews(trx);
    const known = await knownViews(trx, ordered);
    const replay = new RollupReplay(new KeyAllowance(limits, await heldKeys(trx, [...known, ...ordered])));
    for (const view of known) replay.known(view);
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
    const daily = [...replay.delta.breakdowns].map(([compound, counts]) => ({
      ...splitBreakdownKey(compound),
      visitors: counts.visitors,
      visits: counts.visits,
      page_views: counts.pageViews,
    }));
    for (let start = 0; start < daily.length; start += rowsPerInsert) {
      await trx
        .insertInto('stats_daily')
        .values(daily.slice(start, start + rowsPerInsert))
        .onConflict((conflict) =>
          conflict.columns(['dimension', 'day', 'key']).doUpdateSet((eb) => ({
            visitors: eb('stats_daily.visitors', '+', eb.ref('excluded.visitors')),
            visits: eb('stats_daily.visits', '+', eb.ref('excluded.visits')),
            page_views: eb('stats_daily.page_views', '+', eb.ref('excluded.page_views')),
          })),
        )
        .execute();
    }
    const monthly = new Map<string, { dimension: string; month: string; key: string } & Counts>();
    for (const { dimension, day, key, visitors, visits, page_views } of daily) {
      const month = day.slice(0, 7);
      const id = `${dimension}\u0000${month}\u0000${key}`;
      const row = monthly.get(id) ?? { dimension, month, key, visitors: 0, visits: 0, pageViews: 0 };
      row.visitors += visitors;
      row.visits += visits;
      row.pageViews += page_views;
      monthly.set(id, row);
    }
    const monthRows = [...monthly.values()].map(({ pageViews, ...row }) => ({ ...row, page_views: pageViews }));
    for (let start = 0; start < monthRows.length; start += rowsPerInsert) {
      await trx
        .insertInto('stats_monthly')
        .values(monthRows.slice(start, start + rowsPerInsert))
        .onConflict((conflict) =>
          conflict.columns(['dimension', 'month', 'key']).doUpdateSet((eb) => ({
            visitors: eb('stats_monthly.visitors', '+', eb.ref('excluded.visitors')),
            visits: eb('stats_monthly.visits', '+', eb.ref('excluded.visits')),
            page_views: eb('stats_monthly.page_views', '+', eb.ref('excluded.page_views')),
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

/** The range cut into the whole months it covers and the days at its ends outside them. */
export function rangeParts(from: string, to: string): { days: [string, string][]; months?: [string, string] } {
  const firstMonthStart = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  const lastMonthEnd = afterTo.endsWith('-01') ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (firstMonthStart > lastMonthEnd) return { days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstMonthStart) days.push([from, addDays(firstMonthStart, -1)]);
  if (lastMonthEnd < to) days.push([addDays(lastMonthEnd, 1), to]);
  return { days, months: [firstMonthStart.slice(0, 7), lastMonthEnd.slice(0, 7)] };
}

/**
 * A breakdown over the range: the keys with the most `by`, at most `limit`, or only the keys of `keys` when given.
 * Whole months are read from the monthly rollups, the days at the range's ends from the daily ones.
 */
export async function readBreakdown(
  db: Kysely<Database>,
  dimension: Dimension,
  from: string,
  to: string,
  options: { by: 'visits' | 'page_views'; limit?: number; keys?: string[] },
): Promise<KeyCounts[]> {
  if (options.keys?.length === 0) return [];
  const { days, months } = rangeParts(from, to);
  const parts = days.map(([first, last]) => {
    let part = db
      .selectFrom('stats_daily')
      .select(['key', 'visitors', 'visits', 'page_views'])
      .where('dimension', '=', dimension)
      .where('day', '>=', first)
      .where('day', '<=', last);
    if (options.keys !== undefined) part = part.where('key', 'in', options.keys);
    return part;
  });
  if (months !== undefined) {
    let part = db
      .selectFrom('stats_monthly')
      .select(['key', 'visitors', 'visits', 'page_views'])
      .where('dimension', '=', dimension)
      .where('month', '>=', months[0])
      .where('month', '<=', months[1]);
    if (options.keys !== undefined) part = part.where('key', 'in', options.keys);
    parts.push(part as unknown as (typeof parts)[number]);
  }
  const union = parts.slice(1).reduce((all, part) => all.unionAll(part), parts[0]!);
  let query = db
    .selectFrom(union.as('rows'))
    .select((eb) => [
      'key',
      eb.fn.sum<string | number>('visitors').as('visitors'),
      eb.fn.sum<string | number>('visits').as('visits'),
      eb.fn.sum<string | number>('page_views').as('page_views'),
    ])
    .groupBy('key')
    .orderBy((eb) => eb.fn.sum(options.by), 'desc')
    .orderBy('key');
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query.execute();
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
  return rows.map(attributionCount);
}

/** Newsletter subscriptions confirmed in the range, counted by the attribution of the visit that subscribed. */
export async function countSubscriptionsByAttribution(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<LeadAttributionCount[]> {
  const rows = await db
    .selectFrom('subscribers')
    .select((eb) => [
      sql<string>`'subscription'`.as('type'),
      'landing_page',
      'referrer_host',
      'utm_source',
      'utm_campaign',
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where('confirmed_at', '>=', `${from}T00:00:00.000Z`)
    .where('confirmed_at', '<', `${addDays(to, 1)}T00:00:00.000Z`)
    .groupBy(['landing_page', 'referrer_host', 'utm_source', 'utm_campaign'])
    .execute();
  return rows.map(attributionCount);
}

function attributionCount(row: {
  type: string;
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  count: string | number;
}): LeadAttributionCount {
  return {
    type: row.type,
    landingPage: row.landing_page === null ? null : row.landing_page.split(/[?#]/, 1)[0]! || null,
    // Leads stored before the one rule for hosts kept www. and capitals: they count under the same source as visits.
    source: sourceOf({
      utmSource: row.utm_source,
      referrerHost: row.referrer_host && sourceHost(row.referrer_host),
    }),
    campaign: row.utm_campaign || null,
    count: Number(row.count),
  };
}
