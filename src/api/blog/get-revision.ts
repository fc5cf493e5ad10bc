import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostRevision } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

/** One saved version of a post, with every field under `post`. */
export function getRevision(postId: string, revisionId: string, signal?: AbortSignal): Promise<BlogPostRevision> {
  const path = `/api/blogs/${encodeURIComponent(postId)}/revisions/${encodeURIComponent(revisionId)}`;
  return apiJson<BlogPostRevision>(path, { signal });
}

export function revisionQueryOptions(postId: string, revisionId: string) {
  return queryOptions({
    queryKey: [...blogQueryKey, 'id', postId, 'revision', revisionId],
    queryFn: ({ signal }) => getRevision(postId, revisionId, signal),
    retry: retryTransientFailure,
    // A revision never changes once saved.
    staleTime: Infinity,
  });
}

export function useRevision(postId: string, revisionId: string | null) {
  return useQuery({ ...revisionQueryOptions(postId, revisionId ?? ''), enabled: revisionId !== null });
}
