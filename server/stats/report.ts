import type { Kysely } from 'kysely';
import type {
  StatsBreakdownRow,
  StatsDay,
  StatsGoalRow,
  StatsReport,
  StatsTotals,
} from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import type { Database } from '../store/schema.ts';
import {
  addDays,
  countLeadsByAttribution,
  countSubscriptionsByAttribution,
  readBreakdown,
  readDailyTotals,
  readRangeTotals,
  type KeyCounts,
  type LeadAttributionCount,
} from './stats-store.ts';
import type { Dimension } from './rollup.ts';
import type { SitePaths } from './site-paths.ts';

/** The longest range a report covers, in days. */
export const maxRangeDays = 400;
/** Rows of each breakdown in the report; the CSV export has them all. */
export const reportRows = 50;
const exportRows = 100_000;
const dayMs = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** 400 naming the parameter when the range ends before it starts or is longer than the longest range. */
export function checkRange(from: string, to: string): void {
  if (to < from) {
    throw new HttpError(400, `The range ends (to=${to}) before it starts (from=${from}).`, [
      { path: '/to', message: 'must be on or after from' },
    ]);
  }
  const days = daysIn(from, to);
  if (days > maxRangeDays) {
    throw new HttpError(
      400,
      `The range from ${from} to ${to} is ${days} days long: ask for ${maxRangeDays} days at most (move from or to).`,
      [{ path: '/to', message: `must be at most ${maxRangeDays - 1} days after from` }],
    );
  }
}

function totalsOf(totals: Awaited<ReturnType<typeof readRangeTotals>>): StatsTotals {
  const { visitors, visits, pageViews, bounces, durationMs } = totals;
  return {
    visitors,
    visits,
    pageViews,
    bounceRate: visits === 0 ? 0 : Math.round((bounces / visits) * 10_000) / 10_000,
    visitDurationSeconds: visits === 0 ? 0 : Math.round(durationMs / visits / 100) / 10,
  };
}

async function seriesOf(db: Kysely<Database>, from: string, to: string): Promise<StatsDay[]> {
  const byDay = new Map((await readDailyTotals(db, from, to)).map((day) => [day.day, day]));
  const series: StatsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const counts = byDay.get(day);
    series.push({
      day,
      visitors: counts?.visitors ?? 0,
      visits: counts?.visits ?? 0,
      pageViews: counts?.pageViews ?? 0,
    });
  }
  return series;
}

function rows(counts: KeyCounts[]): StatsBreakdownRow[] {
  return counts.map(({ key, visitors, visits, pageViews }) => ({ key, visitors, visits, pageViews }));
}

/** Leads by one attribution, with the visits of the same key (from the rollups of `dimension`). */
async function goalRows(
  db: Kysely<Database>,
  from: string,
  to: string,
  leads: LeadAttributionCount[],
  keyOf: (lead: LeadAttributionCount) => string | null,
  dimension: Dimension,
): Promise<StatsGoalRow[]> {
  const byKey = new Map<string, { enquiries: number; applications: number; subscriptions: number }>();
  for (const lead of leads) {
    const key = keyOf(lead);
    if (key === null) continue;
    const row = byKey.get(key) ?? { enquiries: 0, applications: 0, subscriptions: 0 };
    if (lead.type === 'application') row.applications += lead.count;
    else if (lead.type === 'subscription') row.subscriptions += lead.count;
    else row.enquiries += lead.count;
    byKey.set(key, row);
  }
  const keys = [...byKey.keys()];
  const visits = new Map<string, number>();
  for (let start = 0; start < keys.length; start += 500) {
    const counts = await readBreakdown(db, dimension, from, to, { by: 'visits', keys: keys.slice(start, start + 500) });
    for (const count of counts) visits.set(count.key, count.visits);
  }
  return [...byKey]
    .map(([key, { enquiries, applications, subscriptions }]) => {
      const keyVisits = visits.get(key) ?? 0;
      return {
        key,
        visits: keyVisits,
        enquiries,
        applications,
        subscriptions,
        conversionRate: keyVisits === 0 ? 0 : Math.round(((enquiries + applications) / keyVisits) * 10_000) / 10_000,
      };
    })
    .sort(
      (a, b) =>
        b.enquiries + b.applications - (a.enquiries + a.applications) ||
        b.visits - a.visits ||
        a.key.localeCompare(b.key),
    );
}

/**
 * Leads counted by the keys their visits are counted by: a landing page the site does not have (or no longer has)
 * under `(other)`, as a page view of it is.
 */
async function leadsByPageKey(leads: LeadAttributionCount[], paths: SitePaths): Promise<LeadAttributionCount[]> {
  const pages = leads.flatMap((lead) => (lead.landingPage === null ? [] : [lead.landingPage]));
  const keys = await paths.resolve(pages, new Date());
  return leads.map((lead) => ({
    ...lead,
    landingPage: lead.landingPage === null ? null : (keys.get(lead.landingPage) ?? null),
  }));
}

/** The dashboard's figures for a checked range, read from the daily rollups and the leads. */
export async function statsReport(
  db: Kysely<Database>,
  paths: SitePaths,
  from: string,
  to: string,
  { compare = true, rowsPerBreakdown = reportRows } = {},
): Promise<StatsReport> {
  const breakdown = (dimension: Dimension, by: 'visits' | 'page_views' = 'visits') =>
    readBreakdown(db, dimension, from, to, { by, limit: rowsPerBreakdown }).then(rows);
  // Independent reads: PostgreSQL runs them on several connections at once.
  const [leads, totals, series, pages, entryPages, sources, campaigns, devices, browsers, operatingSystems] =
    await Promise.all([
      Promise.all([countLeadsByAttribution(db, from, to), countSubscriptionsByAttribution(db, from, to)]).then(
        ([leads, subscriptions]) => leadsByPageKey([...leads, ...subscriptions], paths),
      ),
      readRangeTotals(db, from, to),
      seriesOf(db, from, to),
      breakdown('page', 'page_views'),
      breakdown('entry'),
      breakdown('source'),
      breakdown('campaign'),
      breakdown('device'),
      breakdown('browser'),
      breakdown('os'),
    ]);
  const [byLandingPage, bySource, byCampaign] = await Promise.all([
    goalRows(db, from, to, leads, (lead) => lead.landingPage, 'entry'),
    goalRows(db, from, to, leads, (lead) => lead.source, 'source'),
    goalRows(db, from, to, leads, (lead) => lead.campaign, 'campaign'),
  ]);
  const report: StatsReport = {
    from,
    to,
    totals: totalsOf(totals),
    series,
    pages,
    entryPages,
    sources,
    campaigns,
    devices,
    browsers,
    operatingSystems,
    goals: {
      enquiries: leads.filter((lead) => lead.type === 'enquiry').reduce((sum, lead) => sum + lead.count, 0),
      applications: leads.filter((lead) => lead.type === 'application').reduce((sum, lead) => sum + lead.count, 0),
      subscriptions: leads.filter((lead) => lead.type === 'subscription').reduce((sum, lead) => sum + lead.count, 0),
      byLandingPage: byLandingPage.slice(0, rowsPerBreakdown),
      bySource: bySource.slice(0, rowsPerBreakdown),
      byCampaign: byCampaign.slice(0, rowsPerBreakdown),
    },
  };
  if (compare) {
    const days = daysIn(from, to);
    const previous = { from: addDays(from, -days), to: addDays(from, -1) };
    report.previous = { ...previous, totals: totalsOf(await readRangeTotals(db, previous.from, previous.to)) };
  }
  return report;
}

/** Every row of every breakdown of the report, for the CSV export. */
export function exportReport(db: Kysely<Database>, paths: SitePaths, from: string, to: string): Promise<StatsReport> {
  return statsReport(db, paths, from, to, { compare: false, rowsPerBreakdown: exportRows });
}
