import type { StatsReport, StatsTotals } from '@/content/types.gen.ts';

const dayMs = 86_400_000;

function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += dayMs) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const noTraffic: StatsTotals = { visitors: 0, visits: 0, pageViews: 0, bounceRate: 0, visitDurationSeconds: 0 };

/** A StatsReport as GET /api/stats answers it for a range: a day of each kind, breakdowns and goals. */
export function aStatsReport(from: string, to: string, overrides: Partial<StatsReport> = {}): StatsReport {
  const days = daysFrom(from, to);
  const previousTo = new Date(Date.parse(`${from}T00:00:00Z`) - dayMs).toISOString().slice(0, 10);
  const previousFrom = new Date(Date.parse(`${from}T00:00:00Z`) - days.length * dayMs).toISOString().slice(0, 10);
  return {
    from,
    to,
    totals: { visitors: 1200, visits: 1500, pageViews: 4000, bounceRate: 0.4, visitDurationSeconds: 125 },
    previous: {
      from: previousFrom,
      to: previousTo,
      totals: { visitors: 1000, visits: 1550, pageViews: 4000, bounceRate: 0.45, visitDurationSeconds: 100 },
    },
    series: days.map((day, index) => ({
      day,
      visitors: 30 + (index % 7) * 5,
      visits: 40 + (index % 7) * 6,
      pageViews: 100 + (index % 7) * 12,
    })),
    pages: [
      { key: '/seo', visitors: 400, visits: 450, pageViews: 900 },
      { key: '/blogs/new', visitors: 300, visits: 320, pageViews: 500 },
      { key: '/', visitors: 250, visits: 260, pageViews: 400 },
    ],
    entryPages: [
      { key: '/seo', visitors: 380, visits: 420, pageViews: 420 },
      { key: '/', visitors: 200, visits: 210, pageViews: 210 },
    ],
    sources: [
      { key: 'google.com', visitors: 600, visits: 700, pageViews: 2000 },
      { key: '(direct)', visitors: 400, visits: 500, pageViews: 1300 },
    ],
    campaigns: [{ key: 'autumn-ppc', visitors: 150, visits: 180, pageViews: 300 }],
    devices: [
      { key: 'desktop', visitors: 700, visits: 900, pageViews: 2600 },
      { key: 'mobile', visitors: 500, visits: 600, pageViews: 1400 },
    ],
    browsers: [{ key: 'Chrome', visitors: 800, visits: 1000, pageViews: 2800 }],
    operatingSystems: [{ key: 'Windows', visitors: 600, visits: 750, pageViews: 2100 }],
    goals: {
      enquiries: 12,
      applications: 3,
      subscriptions: 4,
      byLandingPage: [
        { key: '/seo', visits: 420, enquiries: 9, applications: 0, subscriptions: 2, conversionRate: 9 / 420 },
      ],
      bySource: [
        { key: 'google.com', visits: 700, enquiries: 8, applications: 2, subscriptions: 1, conversionRate: 10 / 700 },
      ],
      byCampaign: [
        { key: 'autumn-ppc', visits: 180, enquiries: 6, applications: 0, subscriptions: 0, conversionRate: 6 / 180 },
      ],
    },
    ...overrides,
  };
}

/** A range nobody visited yet: every day at zero, no breakdown, no lead. */
export function anEmptyStatsReport(from: string, to: string): StatsReport {
  return aStatsReport(from, to, {
    totals: noTraffic,
    previous: undefined,
    series: daysFrom(from, to).map((day) => ({ day, visitors: 0, visits: 0, pageViews: 0 })),
    pages: [],
    entryPages: [],
    sources: [],
    campaigns: [],
    devices: [],
    browsers: [],
    operatingSystems: [],
    goals: { enquiries: 0, applications: 0, subscriptions: 0, byLandingPage: [], bySource: [], byCampaign: [] },
  });
}
