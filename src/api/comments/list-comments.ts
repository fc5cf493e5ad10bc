import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentListQuery, CommentRecord } from '@/content/types.gen.ts';
import { apiRequest, retryTransientFailure } from '../api-client.ts';
import { commentsQueryKey } from './comment-query-key.ts';

export interface CommentPage {
  comments: CommentRecord[];
  total: number;
}

function commentSearchParams(query: CommentListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

export async function listComments(query: CommentListQuery, signal?: AbortSignal): Promise<CommentPage> {
  const { data, headers } = await apiRequest<CommentRecord[]>(`/api/comments?${commentSearchParams(query)}`, {
    signal,
  });
  return { comments: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function commentsQueryOptions(query: CommentListQuery) {
  return queryOptions({
    queryKey: [...commentsQueryKey, 'list', query],
    queryFn: ({ signal }) => listComments(query, signal),
    retry: retryTransientFailure,
    placeholderData: keepPreviousData,
  });
}

export function useComments(query: CommentListQuery) {
  return useQuery(commentsQueryOptions(query));
}

/** How many comments of a status there are (one asked for, the total read from X-Total-Count). */
export function useCommentCount(status: CommentListQuery['status'], enabled = true) {
  return useQuery({
    ...commentsQueryOptions({ status, limit: 1 }),
    enabled,
    select: (page) => page.total,
    placeholderData: undefined,
  });
}
