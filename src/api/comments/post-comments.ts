import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentInput, PublicComment } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from '../blog/index.ts';
import type { PageReads } from '../page-reads.ts';

/** A post's approved comments, conversations oldest first, each with its replies. */
export function getPostComments(postId: string, signal?: AbortSignal): Promise<PublicComment[]> {
  return apiJson<PublicComment[]>(`/api/blogs/${encodeURIComponent(postId)}/comments`, { signal });
}

/** Through the API, or through the server's own reads when it renders the page (`reads`). */
export function postCommentsQueryOptions(postId: string, reads?: PageReads) {
  return queryOptions({
    queryKey: [...blogQueryKey, 'comments', postId],
    queryFn: ({ signal }) => (reads ? reads.postComments(postId) : getPostComments(postId, signal)),
    retry: retryTransientFailure,
  });
}

export function usePostComments(postId: string) {
  return useQuery(postCommentsQueryOptions(postId));
}

/** Sends a reader's comment; `published` says whether readers see it already or it waits for moderation. */
export function sendComment(postId: string, comment: CommentInput): Promise<{ _id: string; published: boolean }> {
  return apiJson(`/api/blogs/${encodeURIComponent(postId)}/comments`, { method: 'POST', body: comment });
}
