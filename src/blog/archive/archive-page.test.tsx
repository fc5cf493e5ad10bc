import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { renderRoutes } from '@/api/testing/render.tsx';
import { ArchivePage, AuthorArchivePage } from './archive-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderArchive(url: string) {
  return renderRoutes(
    [
      { path: '/blog/tag/:name', element: <ArchivePage taxonomy="tag" /> },
      { path: '/blog/category/:name', element: <ArchivePage taxonomy="category" /> },
      { path: '/blog/author/:name', element: <AuthorArchivePage /> },
    ],
    url,
  );
}

describe('ArchivePage', () => {
  it('lists the tag’s published posts under a heading with the tag as posts spell it, with page links', async () => {
    const { requests } = fakeApi({
      'GET /api/blogs?limit=12&offset=12&status=published&tag=local-seo': {
        body: [aPost({ slug: 'maps-listing', title: 'Maps listings', tags: ['Local SEO'] })],
        headers: { 'x-total-count': '13' },
      },
    });
    renderArchive('/blog/tag/local-seo?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Posts tagged “Local SEO”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maps listings' })).toHaveAttribute('href', '/blogs/maps-listing');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/blog/tag/local-seo');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(requests).toHaveLength(1);
  });

  it('says so when no published post has the category', async () => {
    fakeApi({
      'GET /api/blogs?limit=12&offset=0&status=published&category=nothing': {
        body: [],
        headers: { 'x-total-count': '0' },
      },
    });
    renderArchive('/blog/category/nothing');
    expect(await screen.findByText('No published post has this category.')).toBeInTheDocument();
  });

  it('shows the author’s name, picture and bio above their published posts, with their feed', async () => {
    const { requests } = fakeApi({
      'GET /api/authors/asha-rao': {
        body: { name: 'Asha Rao', slug: 'asha-rao', bio: 'Writes about local search.', avatar: '/media/abc.png' },
      },
      'GET /api/blogs?limit=12&offset=0&status=published&author=asha-rao': {
        body: [aPost({ slug: 'maps-guide', title: 'A maps guide', author: 'Asha Rao', authorSlug: 'asha-rao' })],
        headers: { 'x-total-count': '1' },
      },
    });
    renderArchive('/blog/author/asha-rao');
    expect(await screen.findByRole('heading', { level: 1, name: 'Posts by Asha Rao' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A maps guide' })).toHaveAttribute('href', '/blogs/maps-guide');
    expect(screen.getByText('Writes about local search.')).toBeInTheDocument();
    expect(document.querySelector('main img, section img')).toHaveAttribute('src', '/media/abc.png');
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"][href^="/blog"]')).toHaveAttribute(
      'href',
      '/blog/author/asha-rao/rss.xml',
    );
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Writes about local search.');
    expect(requests).toHaveLength(2);
  });

  it('says so for an author with no published post', async () => {
    fakeApi({
      'GET /api/authors/nobody': errorReply(404, 'No author with a published post has the page "nobody".'),
      'GET /api/blogs?limit=12&offset=0&status=published&author=nobody': {
        body: [],
        headers: { 'x-total-count': '0' },
      },
    });
    renderArchive('/blog/author/nobody');
    expect(await screen.findByText('No author with a published post has this address.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
