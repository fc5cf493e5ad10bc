import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsReport } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { enquiry, formToken, postEnquiry } from '../test-support/leads.ts';
import { createPost } from '../test-support/posts.ts';
import { storeLeads } from '../test-support/stored-leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const day = '2025-12-01';
const keyLimits = { perDay: 5, perMonth: 8 };

let testApp: TestApp;
let db: Kysely<Database>;
let cookie: string;
let addresses = 0;

beforeAll(async () => {
  testApp = await createTestApp({ trustProxy: true, statsFlushMs: 10, statsKeyLimits: keyLimits });
  db = openDatabase(testApp.store);
});
afterAll(async () => {
  await db.destroy();
  await testApp.close();
});
beforeEach(async () => {
  for (const table of ['stats_views', 'stats_daily', 'stats_monthly', 'stats_daily_totals', 'leads'] as const) {
    await db.deleteFrom(table).execute();
  }
  testApp.clock.time = Date.parse(`${day}T12:00:00.000Z`);
  cookie = await signIn(testApp.app);
});

/** A page view from an address of its own (as a flood from rotating addresses sends them). */
function collect(body: object): Promise<LightMyRequestResponse> {
  addresses += 1;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: {
      ...sameOrigin,
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': chrome,
      'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
    },
    payload: JSON.stringify(body),
  });
}

async function flushed(count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { n } = await db
        .selectFrom('stats_views')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(count);
    },
    { timeout: 5000, interval: 20 },
  );
}

async function report(): Promise<StatsReport> {
  const response = await testApp.app.inject(asAdmin(cookie, { url: `/api/stats?from=${day}&to=${day}` }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatsReport>();
}

const keysOf = (rows: { key: string; pageViews: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.key, row.pageViews]));

describe('what page views are counted under', () => {
  it('counts the pages the site has, and every other path, foreign or not, as (other)', async () => {
    const published = { status: 'published' as const, publishedAt: '2025-06-01T00:00:00Z', tags: ['Local SEO'] };
    await createPost(testApp.app, cookie, { ...published, slug: 'counted-post' });
    await createPost(testApp.app, cookie, { slug: 'draft-post', tags: ['Hidden Tag'] });
    const author = await db.selectFrom('users').select('slug').executeTakeFirstOrThrow();
    const paths = [
      '/seo?utm_source=x',
      '/website-development',
      '/blogs/counted-post',
      '/blog/tag/local-seo',
      `/blog/author/${author.slug}`,
      '/blogs/draft-post',
      '/blog/tag/hidden-tag',
      '/blogs/no-such-post',
      '/wp-login.php',
      '//evil.example/offer',
      '/\\evil.example/offer',
      `/${'x'.repeat(1900)}`,
    ];
    for (const path of paths) expect((await collect({ path })).statusCode).toBe(202);
    await flushed(paths.length);
    const stats = await report();
    expect(keysOf(stats.pages)).toEqual({
      '/seo': 1,
      '/website-development': 1,
      '/blogs/counted-post': 1,
      '/blog/tag/local-seo': 1,
      [`/blog/author/${author.slug}`]: 1,
      '(other)': 7,
    });
    const stored = await db.selectFrom('stats_views').select('path').distinct().execute();
    expect(stored.every((row) => row.path === '(other)' || row.path.startsWith('/'))).toBe(true);
    expect(stored.some((row) => row.path.includes('evil'))).toBe(false);
  });

  it('bounds what a flood of unique paths, referrers and UTM values from rotating addresses can store', async () => {
    const views = 40;
    for (let view = 0; view < views; view += 1) {
      const unique = `${view}-${'z'.repeat(150)}`;
      const response = await collect({
        path: `/${unique}`.padEnd(1900, 'p'),
        referrer: `https://site-${view}.example/${'r'.repeat(300)}`,
        utm_source: unique,
        utm_medium: unique,
        utm_campaign: unique,
        utm_term: unique,
        utm_content: unique,
      });
      expect(response.statusCode).toBe(202);
    }
    await flushed(views);
    // Each breakdown holds at most its day's keys and (other): the rollups do not grow with what strangers send.
    const daily = await db
      .selectFrom('stats_daily')
      .select((eb) => ['dimension', eb.fn.countAll<string | number>().as('keys')])
      .groupBy('dimension')
      .execute();
    for (const row of daily) expect(Number(row.keys), row.dimension).toBeLessThanOrEqual(keyLimits.perDay + 1);
    const monthly = await db
      .selectFrom('stats_monthly')
      .select((eb) => eb.fn.countAll<string | number>().as('keys'))
      .executeTakeFirstOrThrow();
    expect(Number(monthly.keys)).toBeLessThanOrEqual(7 * (keyLimits.perDay + 1));
    const stats = await report();
    expect(keysOf(stats.pages)).toEqual({ '(other)': views });
    expect(stats.sources.find((row) => row.key === '(other)')?.visits).toBe(views - keyLimits.perDay);
    expect(stats.campaigns.reduce((sum, row) => sum + row.visits, 0)).toBe(views);
    // The raw views, kept two days, hold hosts and values cut to length, never the sent addresses.
    const raw = await db.selectFrom('stats_views').selectAll().execute();
    for (const row of raw) {
      expect(row.referrer_host).toMatch(/^site-\d+\.example$/);
      for (const value of [row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term, row.utm_content]) {
        expect(value!.length).toBeLessThanOrEqual(100);
      }
    }
    // The next day's keys have room again, but only as many as the month has left.
    testApp.clock.advance(24 * 60 * 60 * 1000);
    for (let view = 0; view < 6; view += 1) await collect({ path: '/seo', utm_campaign: `next-${view}` });
    await vi.waitFor(
      async () => {
        const next = await db
          .selectFrom('stats_daily')
          .select('key')
          .where('dimension', '=', 'campaign')
          .where('day', '=', '2025-12-02')
          .execute();
        expect(next.map((row) => row.key).sort()).toEqual(['(other)', 'next-0', 'next-1', 'next-2']);
        // Every view of the day written, so that none is still on its way when the next test empties the tables.
        const views = await db
          .selectFrom('stats_views')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('day', '=', '2025-12-02')
          .executeTakeFirstOrThrow();
        expect(Number(views.n)).toBe(6);
      },
      { timeout: 5000, interval: 20 },
    );
  });
});

describe('goals and visits', () => {
  it('count a lead and the visits from www.google.com and google.com under one source', async () => {
    await collect({ path: '/seo', referrer: 'https://www.google.com/search?q=seo+agency' });
    await collect({ path: '/seo', referrer: 'https://google.com/' });
    await collect({ path: '/contact', referrer: 'https://www.linkedin.com/feed/' });
    await flushed(3);
    // As a browser sent it before the one rule: the host as the referrer named it.
    const token = await formToken(testApp.app, testApp.clock);
    const sent = await testApp.app.inject(
      postEnquiry(enquiry({ formToken: token, attribution: { landingPage: '/seo', referrerHost: 'www.google.com' } })),
    );
    expect(sent.statusCode).toBe(201);
    // A lead stored before that rule, as its row holds it.
    await storeLeads(testApp.store, [{ attribution: { landingPage: '/contact' } }], new Date(testApp.clock.time));
    await db
      .updateTable('leads')
      .set({ referrer_host: 'www.LinkedIn.com' })
      .where('referrer_host', 'is', null)
      .execute();
    const { goals, sources } = await report();
    expect(keysOf(sources)).toEqual({ 'google.com': 2, 'linkedin.com': 1 });
    expect(goals.bySource).toEqual([
      { key: 'google.com', visits: 2, enquiries: 1, applications: 0, subscriptions: 0, conversionRate: 0.5 },
      { key: 'linkedin.com', visits: 1, enquiries: 1, applications: 0, subscriptions: 0, conversionRate: 1 },
    ]);
  });

  it('count a lead whose landing page the site does not have under (other), as its page views are', async () => {
    await collect({ path: '/nowhere' });
    await collect({ path: '/seo' });
    await flushed(2);
    await storeLeads(
      testApp.store,
      [{ attribution: { landingPage: '/nowhere' } }, { attribution: { landingPage: '//evil.example/x' } }],
      new Date(testApp.clock.time),
    );
    // A row stored before attribution was checked, with another site's address in it.
    await db.updateTable('leads').set({ landing_page: '//evil.example/x' }).where('landing_page', 'is', null).execute();
    const { goals } = await report();
    expect(goals.byLandingPage).toEqual([
      { key: '(other)', visits: 1, enquiries: 2, applications: 0, subscriptions: 0, conversionRate: 2 },
    ]);
  });
});
