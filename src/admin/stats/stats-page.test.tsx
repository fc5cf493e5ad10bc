import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('StatsPage', () => {
  it('shows real figures from every post: per status, the latest publication, top tags and categories', async () => {
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
    const { requests } = fakeApi({ ...signedIn, 'GET /api/blogs': { body: posts, headers: { 'x-total-count': '3' } } });
    renderAdmin('/admin/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats' }, chunkWait)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/api/blogs'))?.url).toBe(
      '/api/blogs?limit=100&offset=0&status=all',
    );
    const figure = (label: string) => screen.getByText(label).closest('div')!;
    expect(within(figure('Posts in all')).getByText('3')).toBeInTheDocument();
    expect(within(figure('Published')).getByText('2')).toBeInTheDocument();
    expect(within(figure('Drafts')).getByText('1')).toBeInTheDocument();
    expect(within(figure('Archived')).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Newest' }).closest('p')).toHaveTextContent(
      'Newest, published on 02 May 2025.',
    );
    const tags = screen.getByRole('region', { name: 'Most used tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#seo2 posts', '#ads1 post']);
    const categories = screen.getByRole('region', { name: 'Most used categories' });
    expect(within(categories).getByText('Search')).toBeInTheDocument();
  });
});
