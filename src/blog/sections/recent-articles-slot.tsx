import { useEffect } from 'react';
import { useLoaderData, useRevalidator } from '@/ui/site-router/hooks.ts';
import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import { RecentArticles } from '@/sections/recent-articles/recent-articles.tsx';
import type { PostCardData } from '@/sections/post-card/post-card.tsx';
import type { SectionOf, SectionProps } from '@/sections/types.ts';
import { listPosts } from '@/api/blog/list-posts-request.ts';
import { serverPageScope } from '@/api/page-reads.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import type { BlogSlot } from './blog-slot.ts';

export interface RecentArticlesData {
  /** The newest posts as cards, or null when they could not be fetched. */
  posts: PostCardData[] | null;
  /** The server could not fetch them: the browser asks again once the page has hydrated. */
  retryInBrowser?: boolean;
}

/**
 * Fetches the newest posts with the route, so the home page's first HTML holds them and its state block carries
 * them to hydration (no request, and no data-fetching library on the home page); client-side navigation to the
 * page runs it again and gets fresh posts.
 */
export function recentArticlesLoader(section: SectionOf<'recent-articles'>) {
  return async ({ request }: LoaderFunctionArgs): Promise<RecentArticlesData> => {
    try {
      const params = { limit: section.count, status: 'published' } as const;
      const reads = serverPageScope(request)?.reads;
      const { posts } = await (reads ? reads.listPosts(params) : listPosts(params, request.signal));
      return { posts: posts.map(toPostCardData) };
    } catch (error) {
      if (request.signal.aborted) throw error;
      if (typeof window === 'undefined') return { posts: null, retryInBrowser: true };
      console.error('Error fetching blogs', error);
      return { posts: null };
    }
  };
}

/** The home page's newest posts: empty until they arrive, and empty (logged, not shown) when the fetch fails. */
export function RecentArticlesSlot({ section, site }: SectionProps<'recent-articles'>) {
  const data = (useLoaderData() as Partial<Record<'recent-articles', RecentArticlesData>> | undefined)?.[
    'recent-articles'
  ];
  const revalidator = useRevalidator();
  const retry = data?.retryInBrowser === true;
  useEffect(() => {
    if (retry && revalidator.state === 'idle') void revalidator.revalidate();
  }, [retry, revalidator]);
  return <RecentArticles section={section} site={site} posts={data?.posts ?? undefined} />;
}

export const slot: BlogSlot<'recent-articles'> = { Component: RecentArticlesSlot, loader: recentArticlesLoader };
