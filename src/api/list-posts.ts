import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { retryTransientFailure } from './api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import { listPosts, type ListPostsParams } from './list-posts-request.ts';

export { listPosts, type ListPostsParams, type PostPage } from './list-posts-request.ts';

export const listPostsKey = [...blogQueryKey, 'list'] as const;

export function listPostsQueryOptions(params: ListPostsParams) {
  return queryOptions({
    queryKey: [...listPostsKey, params],
    queryFn: ({ signal }) => listPosts(params, signal),
    retry: retryTransientFailure,
  });
}

/** Keeps showing the previous page while the next one loads, so paging does not flash an empty list. */
export function useListPosts(params: ListPostsParams) {
  return useQuery({ ...listPostsQueryOptions(params), placeholderData: keepPreviousData });
}
