import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/content/site.ts';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { renderRoutes } from '@/api/testing/render.tsx';
import { PostListSlot } from './post-list-slot.tsx';

const section = { type: 'post-list', heading: 'Latest posts', pageSize: 6 } as const;

function renderAt(url: string) {
  return renderRoutes([{ path: '/blog', element: <PostListSlot section={section} site={site} /> }], url);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PostListSlot', () => {
  it('reads the page from the address, asks for that page and links to the others', async () => {
    const { requests } = fakeApi({
      'GET /api/blogs': { body: [aPost({ slug: 'seventh', title: 'Seventh' })], headers: { 'x-total-count': '13' } },
    });
    renderAt('/blog?page=2');
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts…');
    expect(await screen.findByRole('link', { name: 'Seventh' })).toHaveAttribute('href', '/blogs/seventh');
    expect(requests[0]!.url).toBe('/api/blogs?limit=6&offset=6&status=published');
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(pages).toContainElement(screen.getByRole('link', { name: 'Page 3' }));
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: /Older posts/ })).toHaveAttribute('href', '/blog?page=3');
  });

  it('searches with ?q=, marks the matching words, and keeps the search in the page links', async () => {
    const { requests } = fakeApi({
      'GET /api/blogs': {
        body: [aPost({ slug: 'brand-book', title: 'Branding that lasts', summary: 'A brand book people open.' })],
        headers: { 'x-total-count': '7' },
      },
    });
    renderAt('/blog?q=brand&page=2');
    const title = await screen.findByRole('link', { name: 'Branding that lasts' });
    expect(requests[0]!.url).toBe('/api/blogs?limit=6&offset=6&status=published&q=brand');
    expect(title.querySelector('mark')).toHaveTextContent('Branding');
    expect([...document.querySelectorAll('p mark')].map((mark) => mark.textContent)).toEqual(['brand']);
    expect(screen.getByRole('searchbox', { name: 'Search the blog' })).toHaveValue('brand');
    expect(screen.getByRole('search')).toHaveAttribute('action', '/blog#search-results');
    expect(await screen.findByRole('heading', { name: /posts match “brand”/ })).toHaveAttribute('id', 'search-results');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/blog?q=brand');
    expect(screen.getByRole('link', { name: /Newer posts/ })).toHaveAttribute('href', '/blog?q=brand');
  });

  it('says when nothing matches a search', async () => {
    fakeApi({ 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } });
    renderAt('/blog?q=%22NEARZZ%22');
    expect(await screen.findByRole('heading', { name: 'No posts match “"NEARZZ"”.' })).toHaveFocus();
  });

  it("finds the site's own articles before the posts, links them to their pages and lands on the results", async () => {
    fakeApi({
      'GET /api/blogs': {
        body: [aPost({ slug: 'demand-notes', title: 'Demand notes' })],
        headers: { 'x-total-count': '1' },
      },
    });
    renderAt('/blog?q=Kotler%20demand');
    const heading = await screen.findByRole('heading', { name: '2 posts match “Kotler demand”.' });
    expect(heading).toHaveFocus();
    const titles = screen.getAllByRole('article').map((card) => card.querySelector('h3 a'));
    expect(titles.map((link) => link?.getAttribute('href'))).toEqual([
      '/negative-marketing-demands',
      '/blogs/demand-notes',
    ]);
    expect(titles[0]?.querySelector('mark')).toHaveTextContent('Demand');
  });

  it('shows the articles on the first page only, while counting them on every page', async () => {
    fakeApi({ 'GET /api/blogs': { body: [aPost({ slug: 'later' })], headers: { 'x-total-count': '7' } } });
    renderAt('/blog?q=Kotler&page=2');
    await screen.findByRole('heading', { name: '8 posts match “Kotler”.' });
    expect(screen.queryByRole('link', { name: /Negative Demand/ })).not.toBeInTheDocument();
  });

  it('treats a page that is no number as the first', async () => {
    const { requests } = fakeApi({ 'GET /api/blogs': { body: [aPost()], headers: { 'x-total-count': '1' } } });
    renderAt('/blog?page=abc');
    await screen.findByRole('link', { name: 'SEO that compounds' });
    expect(requests[0]!.url).toBe('/api/blogs?limit=6&offset=0&status=published');
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
  });

  it('says so when there are no posts yet', async () => {
    fakeApi({ 'GET /api/blogs': { body: [], headers: { 'x-total-count': '0' } } });
    renderAt('/blog');
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it('logs the failure and says the posts could not be loaded', async () => {
    fakeApi({ 'GET /api/blogs': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/blog');
    expect(await screen.findByText('The posts could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error fetching blogs', expect.any(Error));
  });
});
