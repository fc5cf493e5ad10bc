import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/content/site.ts';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { renderRoutes } from '@/api/testing/render.tsx';
import { slot } from './recent-articles-slot.tsx';

const section = { type: 'recent-articles', heading: 'Recent articles', count: 3, allPostsLabel: 'All Posts' } as const;

/** The slot as the home page's route has it: its loader fetches the posts, keyed by section type. */
function renderSlot() {
  const fetchPosts = slot.loader!(section);
  return renderRoutes(
    [
      {
        path: '/',
        loader: async (args) => ({ 'recent-articles': await fetchPosts(args) }),
        element: <slot.Component section={section} site={site} />,
      },
    ],
    '/',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecentArticlesSlot', () => {
  it('asks for the newest 3 published posts and shows them, each linking to its page, plus All Posts', async () => {
    const { requests } = fakeApi({
      'GET /api/blogs': {
        body: [
          aPost({ slug: 'one', title: 'One' }),
          aPost({ slug: 'two', title: 'Two' }),
          aPost({ slug: 'three', title: 'Three' }),
        ],
        headers: { 'x-total-count': '7' },
      },
    });
    renderSlot();
    expect(await screen.findByRole('link', { name: 'One' })).toHaveAttribute('href', '/blogs/one');
    expect(screen.getByRole('link', { name: 'Three' })).toHaveAttribute('href', '/blogs/three');
    expect(screen.getByRole('link', { name: 'All Posts' })).toHaveAttribute('href', '/blog');
    expect(requests[0]!.url).toBe('/api/blogs?limit=3&status=published');
  });

  it('shows the date and, without a summary, the start of the content', async () => {
    const content = `<p>${'Growth needs a plan. '.repeat(10)}</p>`;
    fakeApi({
      'GET /api/blogs': { body: [aPost({ summary: null, html: content, publishedAt: '2025-03-05T10:00:00.000Z' })] },
    });
    renderSlot();
    const card = (await screen.findByRole('link', { name: 'SEO that compounds' })).closest('article')!;
    expect(within(card).getByText('05 Mar 2025')).toBeInTheDocument();
    expect(
      within(card).getByText(`${'Growth needs a plan. '.repeat(10).slice(0, 120).trimEnd()}…`),
    ).toBeInTheDocument();
  });

  it('logs "Error fetching blogs" and stays empty when the fetch fails', async () => {
    fakeApi({ 'GET /api/blogs': 'network-error' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSlot();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching blogs', expect.any(Error)));
    expect(await screen.findByRole('link', { name: 'All Posts' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('fetches again in the browser when the server could not', async () => {
    const { requests } = fakeApi({ 'GET /api/blogs': { body: [aPost({ slug: 'one', title: 'One' })] } });
    let calls = 0;
    renderRoutes(
      [
        {
          path: '/',
          loader: async (args) => ({
            'recent-articles':
              calls++ === 0 ? { posts: null, retryInBrowser: true } : await slot.loader!(section)(args),
          }),
          element: <slot.Component section={section} site={site} />,
        },
      ],
      '/',
    );
    expect(await screen.findByRole('link', { name: 'One' })).toHaveAttribute('href', '/blogs/one');
    expect(requests).toHaveLength(1);
  });
});
