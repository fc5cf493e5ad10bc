import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsReport } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import { isPostgres } from '../store/dialect.ts';
import type { Database } from '../store/schema.ts';
import { storeLeads } from '../test-support/stored-leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// An address no other part of the app sees: the test looks for it in every table.
const visitorAddress = '203.0.113.77';
const day = '2025-12-01';

let testApp: TestApp;
let db: Kysely<Database>;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp({ trustProxy: true, statsFlushMs: 10, collectLimit: { views: 30, windowMs: 60_000 } });
  db = openDatabase(testApp.store);
});
afterAll(async () => {
  await db.destroy();
  await testApp.close();
});
beforeEach(async () => {
  await db.deleteFrom('stats_views').execute();
  await db.deleteFrom('stats_daily').execute();
  await db.deleteFrom('stats_daily_totals').execute();
  await db.deleteFrom('leads').execute();
  testApp.clock.time = Date.parse(`${day}T12:00:00.000Z`);
  // A test that moves the clock days on ends the sessions of before.
  cookie = await signIn(testApp.app);
});

function collect(
  body: unknown,
  { userAgent = chrome, address = visitorAddress, headers = {} as Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url: '/api/collect',
    headers: {
      ...sameOrigin,
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': userAgent,
      'x-forwarded-for': address,
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
  return testApp.app.inject(request);
}

async function storedViews(): Promise<number> {
  const { n } = await db
    .selectFrom('stats_views')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Waits for the collector's next flush to have written `count` views in all. */
async function flushed(count: number): Promise<void> {
  await vi.waitFor(async () => expect(await storedViews()).toBe(count), { timeout: 5000, interval: 20 });
}

async function report(query: string): Promise<StatsReport> {
  const response = await testApp.app.inject(asAdmin(cookie, { method: 'GET', url: `/api/stats?${query}` }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatsReport>();
}

function expectPublicAnswer(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['set-cookie']).toBeUndefined();
  if (status === 202) expect(response.body).toBe('');
}

describe('POST /api/collect', () => {
  it('counts a browser’s page views into visitors, visits, pages, sources, campaigns and software', async () => {
    expectPublicAnswer(
      await collect({ path: '/seo?x=1', referrer: 'https://www.Google.com/search?q=agency', utm_campaign: 'spring' }),
      202,
    );
    testApp.clock.advance(60_000);
    expectPublicAnswer(await collect({ path: '/contact', referrer: 'http://localhost/seo' }), 202);
    testApp.clock.advance(60_000);
    // JSON is taken too; another person on the same address is another visitor.
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { ...sameOrigin, 'user-agent': iphone, 'x-forwarded-for': visitorAddress },
      payload: { path: '/blog', utm_source: 'newsletter' },
    });
    expectPublicAnswer(json, 202);
    await flushed(3);

    const stats = await report(`from=${day}&to=${day}`);
    expect(stats.totals).toEqual({ visitors: 2, visits: 2, pageViews: 3, bounceRate: 0.5, visitDurationSeconds: 30 });
    expect(stats.series).toEqual([{ day, visitors: 2, visits: 2, pageViews: 3 }]);
    expect(stats.pages).toEqual([
      { key: '/blog', visitors: 1, visits: 1, pageViews: 1 },
      { key: '/contact', visitors: 1, visits: 1, pageViews: 1 },
      { key: '/seo', visitors: 1, visits: 1, pageViews: 1 },
    ]);
    expect(stats.entryPages.map((row) => row.key)).toEqual(['/blog', '/seo']);
    expect(stats.sources).toEqual([
      { key: 'google.com', visitors: 1, visits: 1, pageViews: 2 },
      { key: 'newsletter', visitors: 1, visits: 1, pageViews: 1 },
    ]);
    expect(stats.campaigns).toEqual([{ key: 'spring', visitors: 1, visits: 1, pageViews: 2 }]);
    expect(stats.devices).toEqual([
      { key: 'desktop', visitors: 1, visits: 1, pageViews: 2 },
      { key: 'mobile', visitors: 1, visits: 1, pageViews: 1 },
    ]);
    expect(stats.browsers.map((row) => row.key).sort()).toEqual(['Chrome', 'Safari']);
    expect(stats.operatingSystems.map((row) => row.key).sort()).toEqual(['Windows', 'iOS']);
  });

  it('starts a new visit after 30 minutes without a view, and counts a referrer of our own site as direct', async () => {
    await collect({ path: '/', referrer: 'http://localhost/elsewhere' });
    testApp.clock.advance(31 * 60_000);
    await collect({ path: '/' });
    await flushed(2);
    const stats = await report(`from=${day}&to=${day}`);
    expect(stats.totals).toMatchObject({ visitors: 1, visits: 2, pageViews: 2, bounceRate: 1 });
    expect(stats.sources).toEqual([{ key: '(direct)', visitors: 1, visits: 2, pageViews: 2 }]);
    expect(stats.pages).toEqual([{ key: '/', visitors: 1, visits: 2, pageViews: 2 }]);
  });

  it('does not count bots, browsers without a User-Agent, or a signed-in member of the team', async () => {
    expectPublicAnswer(await collect({ path: '/' }, { userAgent: googlebot }), 202);
    expectPublicAnswer(await collect({ path: '/' }, { userAgent: '' }), 202);
    const admin = await collect({ path: '/' }, { headers: { cookie } });
    expect(admin.statusCode).toBe(202);
    expect(admin.body).toBe('');
    await collect({ path: '/about' });
    await flushed(1);
    expect((await db.selectFrom('stats_views').select('path').execute()).map((row) => row.path)).toEqual(['/about']);
  });

  it('hashes visitors with a salt of the day, which changes every day and is deleted after 48 hours', async () => {
    await collect({ path: '/' });
    await flushed(1);
    const first = await db.selectFrom('stats_salts').selectAll().execute();
    expect(first.map((salt) => salt.day)).toContain(day);
    testApp.clock.advance(24 * 60 * 60 * 1000);
    await collect({ path: '/' });
    await flushed(2);
    const views = await db.selectFrom('stats_views').select(['day', 'visitor']).orderBy('id').execute();
    expect(views.map((view) => view.day)).toEqual([day, '2025-12-02']);
    // The same address and browser are another visitor on another day: nobody is followed across days.
    expect(views[0]!.visitor).not.toBe(views[1]!.visitor);
    const salts = await db
      .selectFrom('stats_salts')
      .selectAll()
      .where('day', '<=', '2025-12-02')
      .orderBy('day')
      .execute();
    expect(salts.map((salt) => salt.day)).toEqual([day, '2025-12-02']);
    expect(salts[0]!.salt).not.toBe(salts[1]!.salt);

    // Two days on, the first day's salt and raw views are gone; its rollups stay.
    testApp.clock.advance(24 * 60 * 60 * 1000);
    await collect({ path: '/' });
    await vi.waitFor(
      async () => {
        const left = await db.selectFrom('stats_salts').select('day').orderBy('day').execute();
        expect(left.map((salt) => salt.day)).toEqual(['2025-12-02', '2025-12-03']);
        const viewDays = await db.selectFrom('stats_views').select('day').orderBy('day').execute();
        expect(viewDays.map((view) => view.day)).toEqual(['2025-12-02', '2025-12-03']);
      },
      { timeout: 5000, interval: 20 },
    );
    cookie = await signIn(testApp.app);
    const stats = await report(`from=${day}&to=2025-12-03`);
    expect(stats.series.map((point) => point.visitors)).toEqual([1, 1, 1]);
  });

  it('stores the address in no column of any table, and sets no cookie', async () => {
    for (const path of ['/', '/seo', '/contact']) expectPublicAnswer(await collect({ path }), 202);
    await flushed(3);
    const tables = isPostgres(db)
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    expect(tables.rows.map((table) => table.name)).toContain('stats_views');
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      for (const row of rows.rows) {
        for (const [column, value] of Object.entries(row)) {
          const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
          expect({ table: name, column, holdsAddress: text.includes(visitorAddress) }).toEqual({
            table: name,
            column,
            holdsAddress: false,
          });
        }
      }
    }
  });

  it('refuses bodies that are not one well-formed page view, never with a 5xx', async () => {
    const refusals: [unknown, number][] = [
      ['not json', 400],
      ['[]', 400],
      [{}, 400],
      [{ path: 'no-slash' }, 400],
      [{ path: `/${'a'.repeat(2000)}` }, 400],
      [{ path: '/', visitor: 'x' }, 400],
      [{ path: '/', utm_source: 'x'.repeat(201) }, 400],
      [{ path: '/', referrer: 5 }, 400],
      [JSON.stringify({ path: '/', referrer: 'x'.repeat(5000) }), 413],
    ];
    for (const [body, status] of refusals) {
      const response = await collect(body);
      expect({ body, status: response.statusCode }).toEqual({ body, status });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(10);
    }
    const form = await collect('path=/', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const crossSite = await collect({ path: '/' }, { headers: { origin: 'https://elsewhere.example' } });
    expect(crossSite.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedViews()).toBe(0);
  });

  it('limits the page views of one address per minute, with Retry-After', async () => {
    const limited = '198.51.100.9';
    for (let view = 0; view < 30; view += 1) {
      expect((await collect({ path: '/' }, { address: limited })).statusCode).toBe(202);
    }
    const refused = await collect({ path: '/' }, { address: limited });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Other addresses are not held back.
    expect((await collect({ path: '/' }, { address: '198.51.100.10' })).statusCode).toBe(202);
    testApp.clock.advance(61_000);
    expect((await collect({ path: '/' }, { address: limited })).statusCode).toBe(202);
    await flushed(32);
  });
});

describe('the collector', () => {
  it('writes the views it holds when the server shuts down gracefully', async () => {
    const slow = await createTestApp({ trustProxy: true, statsFlushMs: 600_000 });
    try {
      const response = await slow.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { ...sameOrigin, 'user-agent': chrome, 'x-forwarded-for': visitorAddress },
        payload: { path: '/portfolio' },
      });
      expect(response.statusCode).toBe(202);
      const slowDb = openDatabase(slow.store);
      try {
        expect(await slowDb.selectFrom('stats_views').select('path').execute()).toEqual([]);
        await slow.restart();
        expect(await slowDb.selectFrom('stats_views').select('path').execute()).toEqual([{ path: '/portfolio' }]);
      } finally {
        await slowDb.destroy();
      }
    } finally {
      await slow.close();
    }
  });
});

describe('GET /api/stats', () => {
  it('fills the series with days without views, and compares with the period before', async () => {
    await collect({ path: '/' });
    await flushed(1);
    const stats = await report('from=2025-11-29&to=2025-12-02');
    expect(stats.series).toEqual([
      { day: '2025-11-29', visitors: 0, visits: 0, pageViews: 0 },
      { day: '2025-11-30', visitors: 0, visits: 0, pageViews: 0 },
      { day, visitors: 1, visits: 1, pageViews: 1 },
      { day: '2025-12-02', visitors: 0, visits: 0, pageViews: 0 },
    ]);
    expect(stats.previous).toEqual({
      from: '2025-11-25',
      to: '2025-11-28',
      totals: { visitors: 0, visits: 0, pageViews: 0, bounceRate: 0, visitDurationSeconds: 0 },
    });
    expect((await report('from=2025-12-01&to=2025-12-01&compare=false')).previous).toBeUndefined();
    const previous = await report('from=2025-12-02&to=2025-12-02');
    expect(previous.previous?.totals).toMatchObject({ visitors: 1, visits: 1, pageViews: 1 });
  });

  it('counts leads (spam excluded) per landing page, source and campaign, with conversion rates', async () => {
    for (let view = 0; view < 4; view += 1) {
      await collect({ path: '/seo', utm_source: 'newsletter', utm_campaign: 'spring' }, { address: `10.0.0.${view}` });
    }
    await collect({ path: '/work-with-us' }, { address: '10.0.1.1' });
    await flushed(5);
    const at = new Date(testApp.clock.time);
    await storeLeads(
      testApp.store,
      [
        { attribution: { landingPage: '/seo?utm_source=newsletter', utmSource: 'newsletter', utmCampaign: 'spring' } },
        { attribution: { landingPage: '/seo', utmSource: 'newsletter', utmCampaign: 'spring' }, status: 'spam' },
        {
          attribution: { landingPage: '/work-with-us', referrerHost: '' },
          cv: { fileName: 'cv.pdf', data: Buffer.from('%PDF') },
        },
        { attribution: { landingPage: '/seo', utmSource: 'newsletter' }, created_at: '2025-11-20T10:00:00.000Z' },
      ],
      at,
    );
    const { goals } = await report(`from=${day}&to=${day}`);
    expect(goals.enquiries).toBe(1);
    expect(goals.applications).toBe(1);
    expect(goals.byLandingPage).toEqual([
      { key: '/seo', visits: 4, enquiries: 1, applications: 0, subscriptions: 0, conversionRate: 0.25 },
      { key: '/work-with-us', visits: 1, enquiries: 0, applications: 1, subscriptions: 0, conversionRate: 1 },
    ]);
    expect(goals.bySource).toEqual([
      { key: 'newsletter', visits: 4, enquiries: 1, applications: 0, subscriptions: 0, conversionRate: 0.25 },
      { key: '(direct)', visits: 1, enquiries: 0, applications: 1, subscriptions: 0, conversionRate: 1 },
    ]);
    expect(goals.byCampaign).toEqual([
      { key: 'spring', visits: 4, enquiries: 1, applications: 0, subscriptions: 0, conversionRate: 0.25 },
    ]);
  });

  it('counts confirmed newsletter subscriptions as a goal per landing page, source and campaign', async () => {
    for (let view = 0; view < 2; view += 1) {
      await collect({ path: '/blog', utm_source: 'newsletter', utm_campaign: 'spring' }, { address: `10.0.2.${view}` });
    }
    await flushed(2);
    const at = new Date(testApp.clock.time).toISOString();
    const db = openDatabase(testApp.store);
    const subscriber = (id: string, confirmedAt: string | null) => ({
      id,
      email: `${id}@example.com`,
      email_key: `${id}@example.com`,
      name: null,
      status: confirmedAt === null ? ('pending' as const) : ('active' as const),
      consent_text: 'yes',
      consent_basis: 'form',
      consented_at: at,
      confirm_sent_at: confirmedAt === null ? at : null,
      confirmed_at: confirmedAt,
      unsubscribed_at: null,
      landing_page: '/blog?utm_source=newsletter',
      referrer_host: null,
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
      created_at: at,
      updated_at: at,
    });
    try {
      await db
        .insertInto('subscribers')
        .values([
          subscriber('a', at),
          subscriber('b', at),
          subscriber('c', null),
          subscriber('d', '2025-11-20T10:00:00.000Z'),
        ])
        .execute();
    } finally {
      await db.destroy();
    }
    const { goals } = await report(`from=${day}&to=${day}`);
    expect(goals).toMatchObject({ enquiries: 0, applications: 0, subscriptions: 2 });
    const row = { visits: 2, enquiries: 0, applications: 0, subscriptions: 2, conversionRate: 0 };
    expect(goals.byLandingPage).toEqual([{ key: '/blog', ...row }]);
    expect(goals.bySource).toEqual([{ key: 'newsletter', ...row }]);
    expect(goals.byCampaign).toEqual([{ key: 'spring', ...row }]);
    const csv = await testApp.app.inject(
      asAdmin(cookie, { method: 'GET', url: `/api/stats/export.csv?from=${day}&to=${day}` }),
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toContain('Goals by landing page,/blog,,2,,0,0,2,0');
    expect(lines).toContain('Goals by source,newsletter,,2,,0,0,2,0');
    expect(lines).toContain('Goals by campaign,spring,,2,,0,0,2,0');
  });

  it('refuses a bad range with 400 naming the parameter, and anyone signed out with 401', async () => {
    const cases: [string, string][] = [
      ['to=2025-12-01', 'from'],
      ['from=2025-12-01', 'to'],
      ['from=2025-02-30&to=2025-03-01', 'from'],
      ['from=2025-12-01&to=tomorrow', 'to'],
      ['from=2025-12-02&to=2025-12-01', 'to'],
      ['from=2024-01-01&to=2025-12-01', 'to'],
      ['from=2025-12-01&to=2025-12-01&compare=perhaps', 'compare'],
    ];
    for (const [query, parameter] of cases) {
      for (const url of [`/api/stats?${query}`, `/api/stats/export.csv?${query}`]) {
        const response = await testApp.app.inject(asAdmin(cookie, { method: 'GET', url }));
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect({ url, names: JSON.stringify(response.json()).includes(parameter) }).toEqual({ url, names: true });
      }
    }
    expect((await testApp.app.inject({ method: 'GET', url: `/api/stats?from=${day}&to=${day}` })).statusCode).toBe(401);
    expect((await report('from=2025-01-01&to=2026-02-04')).series).toHaveLength(400);
  });

  it('exports the figures as CSV, with formula cells made inert', async () => {
    await collect({ path: '/seo', utm_campaign: '=HYPERLINK("https://evil.example")' });
    await flushed(1);
    const response = await testApp.app.inject(
      asAdmin(cookie, { method: 'GET', url: `/api/stats/export.csv?from=${day}&to=${day}` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`stats-${day}-to-${day}.csv`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffbreakdown,key,visitors,visits,page_views,enquiries,applications,subscriptions,conversion_rate',
    );
    expect(lines).toContain(`Day,${day},1,1,1`);
    expect(lines).toContain('Page,/seo,1,1,1');
    expect(lines).toContain(`Campaign,"'=HYPERLINK(""https://evil.example"")",1,1,1`);
  });
});
