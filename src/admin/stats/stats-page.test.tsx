import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply, type FakeRequest } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { aStatsReport, anEmptyStatsReport } from '@/api/testing/stats-report.ts';
import type { StatsReport } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

// jsdom has no canvas: the chart library is replaced by one that keeps what it was asked to draw.
const drawn = vi.hoisted(() => [] as { data: number[][]; target: HTMLElement }[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(_options: unknown, data: number[][], target: HTMLElement) {
      drawn.push({ data, target });
    }
    setSize() {}
    destroy() {}
  },
}));

const posts = [
  aPost({
    slug: 'new',
    title: 'Newest',
    publishedAt: '2025-05-02T00:00:00.000Z',
    tags: ['seo'],
    categories: ['Search'],
  }),
  aPost({
    slug: 'old',
    title: 'Older',
    publishedAt: '2025-01-02T00:00:00.000Z',
    tags: ['seo', 'ads'],
    categories: ['Search'],
  }),
  aPost({ slug: 'wip', title: 'Work in progress', status: 'draft', publishedAt: null, tags: [], categories: [] }),
];

const statsRequests = (requests: FakeRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/stats')).map((request) => request.url);

/** Answers GET /api/stats with a report for the range it is asked. */
function reportFor(make: (from: string, to: string) => StatsReport = aStatsReport): FakeReply {
  return (request) => {
    const query = new URL(request.url, 'http://localhost').searchParams;
    return { body: make(query.get('from')!, query.get('to')!) };
  };
}

function statsApi(stats: FakeReply, me: object = admin) {
  return fakeApi({
    ...signedIn,
    'GET /api/auth/me': { body: me },
    'GET /api/leads': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/blogs': { body: posts, headers: { 'x-total-count': String(posts.length) } },
    'GET /api/stats': stats,
  });
}

async function openStats(url = '/admin/stats') {
  const view = renderAdmin(url);
  await screen.findByRole('heading', { level: 1, name: 'Stats' }, chunkWait);
  return view;
}

beforeEach(() => {
  // Today is 27 Nov 2026 in UTC, the calendar the server counts in.
  vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
  drawn.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StatsPage', () => {
  it('asks for the last 30 days by default and shows each headline figure with its change in words', async () => {
    const { requests } = statsApi(reportFor());
    await openStats();
    const figure = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).closest('div')!;

    const visitors = await figure('Visitors');
    expect(within(visitors).getByText('1,200')).toBeInTheDocument();
    expect(visitors).toHaveTextContent('▲ +20 %');
    expect(within(visitors).getByText('up 20 % on the previous period, 29 Sept 2026 to 28 Oct 2026')).toHaveClass(
      'visually-hidden',
    );
    expect(await figure('Visits')).toHaveTextContent('▼ −3 %down 3 % on the previous period');
    expect(await figure('Page views')).toHaveTextContent('= 0 %unchanged on the previous period');
    const bounce = await figure('Bounce rate');
    expect(bounce).toHaveTextContent('40 %');
    expect(bounce).toHaveTextContent('down 5 percentage points on the previous period');
    expect(
      within(bounce)
        .getByText(/down 5 percentage/)
        .closest('dd'),
    ).toHaveAttribute('data-tone', 'good');
    expect(
      within(visitors)
        .getByText(/up 20 %/)
        .closest('dd'),
    ).toHaveAttribute('data-tone', 'good');
    expect(await figure('Visit duration')).toHaveTextContent('2 min 05 s▲ +25 %');

    expect(statsRequests(requests)).toEqual(['/api/stats?from=2026-10-29&to=2026-11-27&compare=true']);
    expect(screen.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/stats/export.csv?from=2026-10-29&to=2026-11-27',
    );
  });

  it('changes the range in the address from a preset or from two typed days, and refuses days that are wrong', async () => {
    const user = userEvent.setup();
    const { requests } = statsApi(reportFor());
    const { router } = await openStats();
    await screen.findByText('Visitors', { selector: 'dt' });

    await user.click(screen.getByRole('link', { name: '7 days' }));
    expect(router.state.location.search).toBe('?range=7d');
    await vi.waitFor(() =>
      expect(statsRequests(requests).at(-1)).toBe('/api/stats?from=2026-11-21&to=2026-11-27&compare=true'),
    );
    expect(screen.getByLabelText('First day')).toHaveValue('2026-11-21');

    await user.click(screen.getByRole('link', { name: '12 months' }));
    await vi.waitFor(() =>
      expect(statsRequests(requests).at(-1)).toBe('/api/stats?from=2025-11-28&to=2026-11-27&compare=true'),
    );

    const first = screen.getByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '2026-11-10');
    await user.clear(last);
    await user.type(last, '2026-11-01');
    const asked = statsRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The first day must come before the last day, or be the same day.',
    );
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('The first day must come before the last day, or be the same day.');
    expect(statsRequests(requests)).toHaveLength(asked);

    await user.clear(last);
    await user.type(last, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(router.state.location.search).toBe('?from=2026-11-10&to=2026-11-20');
    await vi.waitFor(() =>
      expect(statsRequests(requests).at(-1)).toBe('/api/stats?from=2026-11-10&to=2026-11-20&compare=true'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '30 days' })).not.toHaveAttribute('aria-current');
  });

  it('keeps a shared custom range, and says why one typed in the address cannot be shown without asking for it', async () => {
    const { requests } = statsApi(reportFor());
    await openStats('/admin/stats?from=2026-01-01&to=2026-12-31');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The last day cannot be after today (27 Nov 2026): nothing is counted yet.',
    );
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(statsRequests(requests)).toEqual([]);
  });

  it('draws the daily series and shows the same figures as a table on request', async () => {
    const user = userEvent.setup();
    statsApi(reportFor());
    await openStats('/admin/stats?range=7d');
    const chart = await screen.findByRole('img', {
      name: /^Daily visitors and page views from 21 Nov 2026 to 27 Nov 2026/,
    });
    await vi.waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.target).toBe(chart);
    const [days, visitors, pageViews] = drawn[0]!.data;
    expect(days).toHaveLength(7);
    expect(days![0]).toBe(Date.parse('2026-11-21T00:00:00Z') / 1000);
    expect(visitors).toEqual([30, 35, 40, 45, 50, 55, 60]);
    expect(pageViews![6]).toBe(172);
    expect(chart).toHaveAccessibleName(/busiest day was 27 Nov 2026 with 172 page views and 60 visitors/);

    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(screen.queryByRole('table', { name: 'Visitors, visits and page views per day' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Visitors, visits and page views per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveTextContent('21 Nov 2026304010');
    await user.click(screen.getByRole('button', { name: 'Hide the table' }));
    expect(screen.queryByRole('table', { name: 'Visitors, visits and page views per day' })).not.toBeInTheDocument();
  });

  it('answers which pages and campaigns bring clients, and names posts among the pages', async () => {
    statsApi(reportFor());
    await openStats();
    const goals = await screen.findByRole('region', { name: 'Goals: the pages and campaigns that bring clients' });
    expect(goals).toHaveTextContent(
      '12 enquiries and 3 applications arrived in this range: 1 % of visits ended in a lead. ' +
        '4 newsletter subscriptions were confirmed.',
    );
    const byCampaign = within(goals).getByRole('region', { name: 'Leads by campaign' });
    expect(within(byCampaign).getByRole('row', { name: /autumn-ppc/ })).toHaveTextContent('autumn-ppc6003.3 %180');
    const bySource = within(goals).getByRole('region', { name: 'Leads by source' });
    expect(within(bySource).getByRole('row', { name: /google\.com/ })).toHaveTextContent('google.com8211.4 %700');
    expect(
      within(bySource)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Source', 'Enqui\u00adries', 'Appli\u00adcations', 'Subscrip\u00adtions', 'Conver\u00adsion', 'Visits']);
    const byPage = within(goals).getByRole('region', { name: 'Leads by landing page' });
    expect(within(byPage).getByRole('link', { name: /^\/seo\s*\(opens in a new tab\)$/ })).toHaveAttribute(
      'href',
      '/seo',
    );

    const topPages = screen.getByRole('region', { name: 'Top pages' });
    const post = within(topPages).getByRole('link', { name: /^Newest\s*\(opens in a new tab\)$/ });
    expect(post).toHaveAttribute('href', '/blogs/new');
    expect(post.closest('tr')).toHaveTextContent('Post · /blogs/new');
    expect(
      within(screen.getByRole('region', { name: 'Sources' })).getByText('Direct (no referrer)'),
    ).toBeInTheDocument();
    for (const name of ['Entry pages', 'Campaigns', 'Devices', 'Browsers', 'Operating systems']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('says what will appear when nobody has visited in the range yet', async () => {
    statsApi(reportFor(anEmptyStatsReport));
    await openStats();
    expect(await screen.findByRole('heading', { name: 'No page views in this range yet' })).toBeInTheDocument();
    expect(screen.getByText(/Counting starts when visitors come/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('tells a failure in words and asks again on Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    statsApi(() => (failing ? errorReply(503, 'The database is busy.') : reportFor()));
    await openStats();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The traffic figures could not be loaded: The database is busy.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('brings up the sign-in form when the session has ended', async () => {
    statsApi(errorReply(401, 'Sign in to do this.'));
    renderAdmin('/admin/stats');
    expect(await screen.findByRole('dialog', { name: 'Sign in again' }, chunkWait)).toBeInTheDocument();
  });

  it('keeps the figures of every post below the traffic', async () => {
    const { requests } = statsApi(reportFor());
    await openStats();
    expect(requests.find((request) => request.url.startsWith('/api/blogs'))?.url).toBe(
      '/api/blogs?limit=100&offset=0&status=all',
    );
    const postsRegion = await screen.findByRole('region', { name: 'Posts' });
    const figure = async (label: string) => (await within(postsRegion).findByText(label)).closest('div')!;
    expect(within(await figure('Posts in all')).getByText('3')).toBeInTheDocument();
    expect(within(await figure('Published')).getByText('2')).toBeInTheDocument();
    expect(within(await figure('Drafts')).getByText('1')).toBeInTheDocument();
    expect(within(await figure('Archived')).getByText('0')).toBeInTheDocument();
    expect(within(postsRegion).getByRole('link', { name: 'Newest' }).closest('p')).toHaveTextContent(
      'Newest, published on 02 May 2025.',
    );
    const tags = screen.getByRole('region', { name: 'Most used tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#seo2 posts', '#ads1 post']);
    expect(
      within(screen.getByRole('region', { name: 'Most used categories' })).getByText('Search'),
    ).toBeInTheDocument();
  });

  it('is shown to administrators only: an editor has no Stats entry and is told why the page stays shut', async () => {
    const { requests } = statsApi(reportFor(), { ...admin, role: 'editor' });
    renderAdmin('/admin/stats');
    expect(await screen.findByText(/does not include what only an administrator/, {}, chunkWait)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Stats' })).not.toBeInTheDocument();
    expect(statsRequests(requests)).toEqual([]);
  });

  it('shows the Stats entry to an administrator', async () => {
    statsApi(reportFor());
    await openStats();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');
  });
});
