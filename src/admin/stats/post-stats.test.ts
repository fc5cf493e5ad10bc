// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aPost } from '@/api/testing/posts.ts';
import { postStats } from './post-stats.ts';

const now = new Date('2025-06-01T00:00:00.000Z');

describe('postStats', () => {
  const posts = [
    aPost({
      slug: 'a',
      status: 'published',
      publishedAt: '2025-05-01T00:00:00.000Z',
      tags: ['SEO', 'ads'],
      categories: ['Search'],
    }),
    aPost({
      slug: 'b',
      status: 'published',
      publishedAt: '2025-05-20T00:00:00.000Z',
      tags: ['seo'],
      categories: ['Search', 'Brand'],
    }),
    aPost({ slug: 'c', status: 'published', publishedAt: '2025-07-01T00:00:00.000Z', tags: ['ads'], categories: [] }),
    aPost({ slug: 'd', status: 'draft', publishedAt: null, tags: ['video'], categories: ['Brand'] }),
    aPost({ slug: 'e', status: 'archived', publishedAt: '2024-01-01T00:00:00.000Z', tags: [], categories: [] }),
  ];

  it('counts posts per status', () => {
    expect(postStats(posts, now)).toMatchObject({ total: 5, byStatus: { draft: 1, published: 3, archived: 1 } });
  });

  it('finds the latest publication, leaving scheduled posts aside', () => {
    const stats = postStats(posts, now);
    expect(stats.latestPublication?.slug).toBe('b');
    expect(stats.scheduled).toBe(1);
  });

  it('ranks tags and categories by use, case-insensitively', () => {
    const stats = postStats(posts, now);
    expect(stats.topTags).toEqual([
      { term: 'ads', count: 2 },
      { term: 'SEO', count: 2 },
      { term: 'video', count: 1 },
    ]);
    expect(stats.topCategories).toEqual([
      { term: 'Brand', count: 2 },
      { term: 'Search', count: 2 },
    ]);
  });

  it('has no latest publication without published posts', () => {
    expect(postStats([], now)).toMatchObject({ total: 0, latestPublication: null, topTags: [] });
  });
});
