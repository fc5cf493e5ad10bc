import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { defaultKeyLimits, type KeyLimits } from './key-caps.ts';
import { visitTimeoutMs, type ViewEvent } from './rollup.ts';
import { openDatabase } from '../store/database.ts';
import { migrateToLatest } from '../store/migrate.ts';
import type { Database } from '../store/schema.ts';
import { readBreakdown, rangeParts, storeViews } from './stats-store.ts';

let database: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

type Figures = Record<string, number>;

/** The rollups' figures as `dimension|day|key|measure` (and `totals|day|measure`), zeros left out. */
async function rollupFigures(): Promise<Figures> {
  const figures: Figures = {};
  const put = (name: string, value: number | string) => {
    if (Number(value) !== 0) figures[name] = Number(value);
  };
  for (const row of await db.selectFrom('stats_daily_totals').selectAll().execute()) {
    put(`totals|${row.day}|visitors`, row.visitors);
    put(`totals|${row.day}|visits`, row.visits);
    put(`totals|${row.day}|pageViews`, row.page_views);
    put(`totals|${row.day}|bounces`, row.bounces);
    put(`totals|${row.day}|durationMs`, row.duration_ms);
  }
  for (const row of await db.selectFrom('stats_monthly').selectAll().execute()) {
    put(`month:${row.dimension}|${row.month}|${row.key}|visitors`, row.visitors);
    put(`month:${row.dimension}|${row.month}|${row.key}|visits`, row.visits);
    put(`month:${row.dimension}|${row.month}|${row.key}|pageViews`, row.page_views);
  }
  for (const row of await db.selectFrom('stats_daily').selectAll().execute()) {
    put(`${row.dimension}|${row.day}|${row.key}|visitors`, row.visitors);
    put(`${row.dimension}|${row.day}|${row.key}|visits`, row.visits);
    put(`${row.dimension}|${row.day}|${row.key}|pageViews`, row.page_views);
  }
  return figures;
}

type Keys = Record<'page' | 'entry' | 'source' | 'campaign' | 'device' | 'browser' | 'os', string | null>;

/**
 * Each event's keys as the rollups should count them, worked out without the rollup code: in the order views arrive,
 * a breakdown gives a new key room while it holds fewer than `perDay` keys that day and (unless the month has it)
 * fewer than `perMonth` that month; any other key is `(other)`. A visit's keys are its first view's.
 */
function cappedKeys(events: ViewEvent[], limits: KeyLimits): Map<ViewEvent, Keys> {
  const named = new Map<string, Set<string>>();
  const held = (id: string) => named.get(id) ?? named.set(id, new Set()).get(id)!;
  const room = (dimension: string, day: string, key: string): string => {
    const daily = held(`${dimension}|${day}`);
    const monthly = held(`${dimension}|${day.slice(0, 7)}`);
    if (daily.has(key)) return key;
    if (daily.size >= limits.perDay || (!monthly.has(key) && monthly.size >= limits.perMonth)) return '(other)';
    daily.add(key);
    monthly.add(key);
    return key;
  };
  const lastAt = new Map<string, number>();
  const visitKeys = new Map<string, Omit<Keys, 'page'>>();
  const keys = new Map<ViewEvent, Keys>();
  for (const event of events) {
    const id = `${event.day}|${event.visitor}`;
    const at = Date.parse(event.at);
    const previous = lastAt.get(id);
    if (previous === undefined || at - previous > visitTimeoutMs) {
      visitKeys.set(id, {
        entry: room('entry', event.day, event.path),
        source: room('source', event.day, event.utmSource || event.referrerHost || '(direct)'),
        campaign: event.utmCampaign ? room('campaign', event.day, event.utmCampaign) : null,
        device: room('device', event.day, event.device),
        browser: room('browser', event.day, event.browser),
        os: room('os', event.day, event.os),
      });
    }
    lastAt.set(id, Math.max(previous ?? at, at));
    keys.set(event, { ...visitKeys.get(id)!, page: room('page', event.day, event.path) });
  }
  return keys;
}

/**
 * The same figures computed straight from the events, without the rollup code: visits cut where a visitor was away
 * more than 30 minutes, each visit's keys taken from its first view.
 */
function expectedFigures(events: ViewEvent[], limits: KeyLimits): Figures {
  const capped = cappedKeys(events, limits);
  const byVisitorDay = new Map<string, ViewEvent[]>();
  for (const event of events) {
    const id = `${event.day}|${event.visitor}`;
    byVisitorDay.set(id, [...(byVisitorDay.get(id) ?? []), event]);
  }
  const visits: { day: string; visitor: string; views: ViewEvent[] }[] = [];
  for (const views of byVisitorDay.values()) {
    const ordered = [...views].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    let current: ViewEvent[] = [];
    for (const view of ordered) {
      const last = current[current.length - 1];
      if (last !== undefined && Date.parse(view.at) - Date.parse(last.at) > visitTimeoutMs) {
        visits.push({ day: last.day, visitor: last.visitor, views: current });
        current = [];
      }
      current.push(view);
    }
    visits.push({ day: ordered[0]!.day, visitor: ordered[0]!.visitor, views: current });
  }
  const figures: Figures = {};
  const add = (name: string, value: number) => {
    figures[name] = (figures[name] ?? 0) + value;
  };
  const distinct = new Set<string>();
  const once = (name: string, member: string) => {
    if (distinct.has(`${name}|${member}`)) return;
    distinct.add(`${name}|${member}`);
    add(name, 1);
  };
  visits.forEach((visit, index) => {
    const { day, visitor, views } = visit;
    const first = views[0]!;
    once(`totals|${day}|visitors`, visitor);
    add(`totals|${day}|visits`, 1);
    add(`totals|${day}|pageViews`, views.length);
    if (views.length === 1) add(`totals|${day}|bounces`, 1);
    const duration = Date.parse(views[views.length - 1]!.at) - Date.parse(first.at);
    if (duration > 0) add(`totals|${day}|durationMs`, duration);
    const { page: _page, ...keys } = capped.get(first)!;
    for (const [dimension, key] of Object.entries(keys)) {
      if (!key) continue;
      once(`${dimension}|${day}|${key}|visitors`, visitor);
      add(`${dimension}|${day}|${key}|visits`, 1);
      add(`${dimension}|${day}|${key}|pageViews`, views.length);
    }
    for (const view of views) {
      const page = capped.get(view)!.page!;
      once(`page|${day}|${page}|visitors`, visitor);
      once(`page|${day}|${page}|visits`, String(index));
      add(`page|${day}|${page}|pageViews`, 1);
    }
  });
  // A month's figures are the sums of its days'.
  for (const [name, value] of Object.entries(figures)) {
    if (name.startsWith('totals|')) continue;
    const [dimension, day, key, measure] = name.split('|') as [string, string, string, string];
    const monthly = `month:${dimension}|${day.slice(0, 7)}|${key}|${measure}`;
    figures[monthly] = (figures[monthly] ?? 0) + value;
  }
  return figures;
}

const start = Date.parse('2026-02-28T22:00:00.000Z');

const eventArbitrary = fc.record({
  minute: fc.integer({ min: 0, max: 4 * 60 }),
  second: fc.integer({ min: 0, max: 59 }),
  visitor: fc.constantFrom('v1', 'v2', 'v3', 'v4'),
  path: fc.constantFrom('/', '/seo', '/blog/a', '/contact'),
  referrerHost: fc.constantFrom(null, 'google.com', 'news.example'),
  utmSource: fc.constantFrom(null, 'newsletter'),
  utmCampaign: fc.constantFrom(null, 'spring', 'autumn'),
  device: fc.constantFrom('desktop', 'mobile'),
  browser: fc.constantFrom('Chrome', 'Firefox'),
});

const ranges: [string, string][] = [
  ['2026-02-01', '2026-03-31'],
  ['2026-02-28', '2026-03-01'],
  ['2026-02-15', '2026-03-31'],
  ['2026-03-01', '2026-03-01'],
  ['2026-01-10', '2026-02-28'],
];

describe('a range cut into months and days', () => {
  it('reads whole months from the monthly rollups and the days at its ends from the daily ones', () => {
    expect(rangeParts('2026-02-01', '2026-03-31')).toEqual({ days: [], months: ['2026-02', '2026-03'] });
    expect(rangeParts('2026-02-15', '2026-03-31')).toEqual({
      days: [['2026-02-15', '2026-02-28']],
      months: ['2026-03', '2026-03'],
    });
    expect(rangeParts('2025-11-28', '2026-11-27')).toEqual({
      days: [
        ['2025-11-28', '2025-11-30'],
        ['2026-11-01', '2026-11-27'],
      ],
      months: ['2025-12', '2026-10'],
    });
    expect(rangeParts('2026-02-10', '2026-03-05')).toEqual({ days: [['2026-02-10', '2026-03-05']] });
    expect(rangeParts('2024-02-01', '2024-02-29')).toEqual({ days: [], months: ['2024-02', '2024-02'] });
  });
});

describe('the daily rollups', () => {
  it.each([
    ['every key has room', defaultKeyLimits],
    // Four paths, three sources, two campaigns, on two days of two months: the caps bite.
    ['two keys a day and three a month have room, the rest is (other)', { perDay: 2, perMonth: 3 }],
  ])(
    'equal the aggregates computed directly from the raw events, whatever the events and their batches: %s',
    async (_name, limits) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(eventArbitrary, { minLength: 1, maxLength: 60 }),
          fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 10 }),
          async (drawn, batchSizes) => {
            await db.deleteFrom('stats_views').execute();
            await db.deleteFrom('stats_daily').execute();
            await db.deleteFrom('stats_daily_totals').execute();
            await db.deleteFrom('stats_monthly').execute();
            // Arrival order: the collector writes each second's views after the previous second's.
            const events: ViewEvent[] = drawn
              .map((event) => {
                const time = start + event.minute * 60_000 + event.second * 1000;
                const at = new Date(time).toISOString();
                return {
                  at,
                  day: at.slice(0, 10),
                  visitor: event.visitor,
                  path: event.path,
                  referrerHost: event.referrerHost,
                  utmSource: event.utmSource,
                  utmMedium: null,
                  utmCampaign: event.utmCampaign,
                  utmTerm: null,
                  utmContent: null,
                  device: event.device,
                  browser: event.browser,
                  os: 'Linux',
                };
              })
              .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
            let offset = 0;
            for (let batch = 0; offset < events.length; batch += 1) {
              const size = batchSizes[batch % batchSizes.length]!;
              await storeViews(db, events.slice(offset, offset + size), limits);
              offset += size;
            }
            const expected = expectedFigures(events, limits);
            expect(await rollupFigures()).toEqual(expected);
            // A range reads whole months from the monthly rollups and its ends from the daily ones: the same sums.
            for (const [from, to] of ranges) {
              const pages = await readBreakdown(db, 'page', from, to, { by: 'page_views' });
              const sums = new Map<string, number>();
              for (const [name, value] of Object.entries(expected)) {
                const [dimension, day, key, measure] = name.split('|');
                if (dimension === 'page' && measure === 'pageViews' && day! >= from && day! <= to) {
                  sums.set(key!, (sums.get(key!) ?? 0) + value);
                }
              }
              expect(Object.fromEntries(pages.map((page) => [page.key, page.pageViews]))).toEqual(
                Object.fromEntries(sums),
              );
            }
            expect(
              Number(
                (
                  await db
                    .selectFrom('stats_views')
                    .select((eb) => eb.fn.countAll().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            ).toBe(events.length);
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
