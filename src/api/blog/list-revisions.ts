import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostRevisionSummary } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

/** A post's saved versions, newest first (admins only). */
export function listRevisions(postId: string, signal?: AbortSignal): Promise<BlogPostRevisionSummary[]> {
  return apiJson<BlogPostRevisionSummary[]>(`/api/blogs/${encodeURIComponent(postId)}/revisions`, { signal });
}

export function revisionsQueryOptions(postId: string) {
  return queryOptions({
    // Under the blog key, so that a save (which adds a revision) refreshes the list.
    queryKey: [...blogQueryKey, 'id', postId, 'revisions'],
    queryFn: ({ signal }) => listRevisions(postId, signal),
    retry: retryTransientFailure,
    refetchOnWindowFocus: false,
  });
}

export function useRevisions(postId: string) {
  return useQuery(revisionsQueryOptions(postId));
}
