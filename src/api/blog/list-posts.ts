import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import { listPosts, type ListPostsParams } from './list-posts-request.ts';
import type { PageReads } from '../page-reads.ts';

export { listPosts, type ListPostsParams, type PostPage } from './list-posts-request.ts';

export const listPostsKey = [...blogQueryKey, 'list'] as const;

/** Through the API, or through the server's own reads when it renders the page (`reads`). */
export function listPostsQueryOptions(params: ListPostsParams, reads?: PageReads) {
  return queryOptions({
    queryKey: [...listPostsKey, params],
    queryFn: ({ signal }) => (reads ? reads.listPosts(params) : listPosts(params, signal)),
    retry: retryTransientFailure,
  });
}

/** Keeps showing the previous page while the next one loads, so paging does not flash an empty list. */
export function useListPosts(params: ListPostsParams) {
  return useQuery({ ...listPostsQueryOptions(params), placeholderData: keepPreviousData });
}
