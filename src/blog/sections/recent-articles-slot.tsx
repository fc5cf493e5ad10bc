import { useQuery } from '@tanstack/react-query';
import { RecentArticles } from '@/sections/recent-articles/recent-articles.tsx';
import type { SectionProps } from '@/sections/types.ts';
import { listPostsQueryOptions } from '@/api/list-posts.ts';
import { toPostCardData } from '@/blog/summary/post-card-data.ts';
import { useLogFetchError } from './use-log-fetch-error.ts';

/** The home page's newest posts: empty until they arrive, and empty (logged, not shown) when the fetch fails. */
export function RecentArticlesSlot({ section, site }: SectionProps<'recent-articles'>) {
  const { data, error } = useQuery(listPostsQueryOptions({ limit: section.count, status: 'published' }));
  useLogFetchError(error);
  return <RecentArticles section={section} site={site} posts={data?.posts.map(toPostCardData)} />;
}
