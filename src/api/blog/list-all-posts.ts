import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@/content/types.gen.ts';
import { retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import { listPosts } from './list-posts.ts';

/** The API's largest page. */
const pageSize = 100;

/** Every post of every status (for a signed-in admin), fetched page by page. */
export async function listAllPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  const posts: BlogPost[] = [];
  for (;;) {
    const page = await listPosts({ limit: pageSize, offset: posts.length, status: 'all' }, signal);
    posts.push(...page.posts);
    if (page.posts.length === 0 || posts.length >= page.total) return posts;
  }
}

export function allPostsQueryOptions() {
  return queryOptions({
    queryKey: [...blogQueryKey, 'all'],
    queryFn: ({ signal }) => listAllPosts(signal),
    retry: retryTransientFailure,
  });
}

export function useAllPosts() {
  return useQuery(allPostsQueryOptions());
}
