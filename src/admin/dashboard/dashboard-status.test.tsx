import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const nextYear = new Date().getFullYear() + 1;
const scheduled = aPost({
  _id: 'p3',
  slug: 'later',
  title: 'Coming later',
  publishedAt: `${nextYear}-06-01T09:00:00.000Z`,
});
const live = aPost({ _id: 'p2', slug: 'live', title: 'Live and well' });

function withPosts() {
  return fakeApi({
    ...signedIn,
    'GET /api/blogs': (request) => {
      const status = new URL(request.url, 'http://localhost').searchParams.get('status');
      const posts = status === 'scheduled' ? [scheduled] : [scheduled, live];
      return { body: posts, headers: { 'x-total-count': String(posts.length) } };
    },
  });
}

describe('Dashboard statuses', () => {
  it('shows a published post dated in the future as scheduled, with its date', async () => {
    withPosts();
    renderAdmin('/admin');
    const card = (await screen.findByRole('heading', { name: 'Coming later' }, chunkWait)).closest('article')!;
    expect(within(card).getByText(new RegExp(`Scheduled · .*${nextYear}`))).toBeInTheDocument();
    const other = screen.getByRole('heading', { name: 'Live and well' }).closest('article')!;
    expect(within(other).getByText('Published')).toBeInTheDocument();
  });

  it('filters by status through the address, with the current filter marked', async () => {
    const { requests } = withPosts();
    renderAdmin('/admin');
    const filters = await screen.findByRole('navigation', { name: 'Filter posts by status' }, chunkWait);
    expect(
      within(filters)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All', 'Drafts', 'Scheduled', 'Published', 'Archived']);
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('heading', { name: 'Live and well' });

    await userEvent.setup().click(within(filters).getByRole('link', { name: 'Scheduled' }));
    expect(within(filters).getByRole('link', { name: 'Scheduled' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Coming later' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Live and well' })).not.toBeInTheDocument();
    expect(requests.at(-1)?.url).toBe('/api/blogs?limit=12&offset=0&status=scheduled');
  });

  it('reads the filter from the address it was opened with', async () => {
    const { requests } = withPosts();
    renderAdmin('/admin?status=draft');
    await screen.findByRole('navigation', { name: 'Filter posts by status' }, chunkWait);
    expect(screen.getByRole('link', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page');
    expect(requests.some((request) => request.url.endsWith('status=draft'))).toBe(true);
  });
});
