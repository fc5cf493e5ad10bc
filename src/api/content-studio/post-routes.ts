import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryTransientFailure } from '../api-client.ts';
import { blogQueryKey, listPosts } from '../blog/index.ts';

/** The API's largest page. */
const pageSize = 100;

/** A blog post a content link may lead to: one readers see now, at its address. */
export interface PostRoute {
  route: string;
  title: string;
}

/** Every post readers see now (published, dated at or before now), as the routes the content studio's links offer. */
export async function listPostRoutes(signal?: AbortSignal): Promise<PostRoute[]> {
  const routes: PostRoute[] = [];
  for (;;) {
    const page = await listPosts({ limit: pageSize, offset: routes.length, status: 'published' }, signal);
    routes.push(...page.posts.map((post) => ({ route: `/blogs/${post.slug}`, title: post.title })));
    if (page.posts.length === 0 || routes.length >= page.total) return routes;
  }
}

export function usePostRoutes() {
  return useQuery(
    queryOptions({
      queryKey: [...blogQueryKey, 'post-routes'],
      queryFn: ({ signal }) => listPostRoutes(signal),
      retry: retryTransientFailure,
    }),
  );
}
