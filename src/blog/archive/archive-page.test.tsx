import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import { aPost } from '@/api/testing/posts.ts';
import { renderRoutes } from '@/api/testing/render.tsx';
import { ArchivePage } from './archive-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderArchive(url: string) {
  return renderRoutes(
    [
      { path: '/blog/tag/:name', element: <ArchivePage taxonomy="tag" /> },
      { path: '/blog/category/:name', element: <ArchivePage taxonomy="category" /> },
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
});
