import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { renderRoutes } from '@/api/testing/render.tsx';
import { site } from '@/content/site.ts';
import { PostPage } from './post-page.tsx';

function renderPost(slug: string) {
  return renderRoutes([{ path: '/blogs/:slug', element: <PostPage /> }], `/blogs/${slug}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PostPage', () => {
  it('shows "Loading..." while the post loads', () => {
    fakeApi({ 'GET /api/blogs/slug/slow': 'never' });
    renderPost('slow');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows "Blog Not Found" when no post has the slug', async () => {
    const { requests } = fakeApi({
      'GET /api/blogs/slug/nothing-here': errorReply(404, 'No blog post has this slug.'),
    });
    renderPost('nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog Not Found' })).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/blogs/slug/nothing-here']);
  });

  it('shows the title, date, cover, categories, #tags, summary and content', async () => {
    fakeApi({
      'GET /api/blogs/slug/seo-that-compounds': {
        body: aPost({
          categories: ['Marketing', 'Search'],
          tags: ['seo', 'growth'],
          html: '<h2>Start here</h2><p>Search is a <strong>growth</strong> system.</p>',
        }),
      },
    });
    renderPost('seo-that-compounds');
    expect(await screen.findByRole('heading', { level: 1, name: 'SEO that compounds' })).toBeInTheDocument();
    expect(screen.getByText(/Published on/)).toHaveTextContent('Published on 05 Mar 2025');
    expect(document.querySelector('article img')).toHaveAttribute('src', '/images/articles/seo-for-bussiness.svg');
    expect(
      within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Marketing', 'Search']);
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#seo', '#growth']);
    expect(screen.getByRole('link', { name: '#seo' })).toHaveAttribute('href', '/blog/tag/seo');
    expect(screen.getByRole('link', { name: 'Marketing' })).toHaveAttribute('href', '/blog/category/marketing');
    expect(screen.getByText('How to treat search as a growth system.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Start here' })).toBeInTheDocument();
    expect(screen.queryByText('Draft')).not.toBeInTheDocument();
  });

  it('shows no summary paragraph when the post has none', async () => {
    fakeApi({
      'GET /api/blogs/slug/bare': { body: aPost({ slug: 'bare', summary: null, html: '<p>Only the body.</p>' }) },
    });
    renderPost('bare');
    await screen.findByText('Only the body.');
    expect(screen.queryByText(/Only the body\.…/)).not.toBeInTheDocument();
  });

  it('removes scripts and event handlers from the content before it reaches the page', async () => {
    fakeApi({
      'GET /api/blogs/slug/evil': {
        body: aPost({
          slug: 'evil',
          html: '<p>Safe text</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
        }),
      },
    });
    renderPost('evil');
    const text = await screen.findByText('Safe text');
    const content = text.parentElement!;
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('marks a draft that a signed-in admin previews', async () => {
    fakeApi({ 'GET /api/blogs/slug/soon': { body: aPost({ slug: 'soon', status: 'draft', publishedAt: null }) } });
    renderPost('soon');
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Not published yet')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    fakeApi({ 'GET /api/blogs/slug/offline': 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPost('offline');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This post could not be loaded');
  });

  it('names the Organization, with its URL, as the Article author of a post signed by the team', async () => {
    fakeApi({
      'GET /api/blogs/slug/by-the-team': { body: aPost({ slug: 'by-the-team', author: site.brand.teamName }) },
      'GET /api/blogs/slug/by-a-person': { body: aPost({ slug: 'by-a-person', author: 'Kavya Iyer' }) },
    });
    const articleAuthor = async (slug: string) => {
      const { unmount } = renderPost(slug);
      await screen.findByRole('heading', { level: 1 });
      const block = document.querySelector('script[type="application/ld+json"]');
      const author = (JSON.parse(block?.textContent ?? '{}') as { author?: unknown }).author;
      unmount();
      return author;
    };
    expect(await articleAuthor('by-the-team')).toEqual({
      '@type': 'Organization',
      name: site.brand.name,
      url: 'http://localhost/',
    });
    expect(await articleAuthor('by-a-person')).toEqual({ '@type': 'Person', name: 'Kavya Iyer' });
  });

  it('names the writer in the byline with a link to their author page, and as a Person with that URL', async () => {
    fakeApi({
      'GET /api/blogs/slug/by-an-author': {
        body: aPost({ slug: 'by-an-author', author: 'Asha Rao', authorId: 'user-1', authorSlug: 'asha-rao' }),
      },
    });
    renderPost('by-an-author');
    await screen.findByRole('heading', { level: 1 });
    const link = screen.getByRole('link', { name: 'Asha Rao' });
    expect(link).toHaveAttribute('href', '/blog/author/asha-rao');
    expect(link.closest('p')).toHaveTextContent('By Asha Rao · Published on 05 Mar 2025');
    const block = document.querySelector('script[type="application/ld+json"]');
    expect((JSON.parse(block?.textContent ?? '{}') as { author?: unknown }).author).toEqual({
      '@type': 'Person',
      name: 'Asha Rao',
      url: 'http://localhost/blog/author/asha-rao',
    });
  });

  it('names the team in the byline of a post it signs, without a link', async () => {
    fakeApi({
      'GET /api/blogs/slug/by-the-team': {
        body: aPost({ slug: 'by-the-team', author: site.brand.teamName, authorId: null, authorSlug: null }),
      },
    });
    renderPost('by-the-team');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Published on/).closest('p')).toHaveTextContent(`By ${site.brand.teamName} · Published on`);
    expect(screen.queryByRole('link', { name: site.brand.teamName })).not.toBeInTheDocument();
  });
});
