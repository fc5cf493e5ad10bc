import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterPreview } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { newsletterQueryKey } from './newsletter-query-key.ts';

/** The e-mail a published post would be sent as, how many active subscribers it would reach, and its send if any. */
export function getNewsletterPreview(postId: string, signal?: AbortSignal): Promise<NewsletterPreview> {
  return apiJson<NewsletterPreview>(`/api/blogs/${encodeURIComponent(postId)}/newsletter`, { signal });
}

/** The e-mail as a document of its own, for a frame: the server answers it under a policy that runs no script. */
export const newsletterPreviewAddress = (postId: string) =>
  `/api/blogs/${encodeURIComponent(postId)}/newsletter/preview`;

export function newsletterPreviewQueryOptions(postId: string) {
  return queryOptions({
    queryKey: [...newsletterQueryKey, 'preview', postId],
    queryFn: ({ signal }) => getNewsletterPreview(postId, signal),
    retry: retryTransientFailure,
    refetchOnWindowFocus: false,
  });
}

/** Asked only when the member may send and the post as stored is live: nobody else could use the answer. */
export function useNewsletterPreview(postId: string, enabled: boolean) {
  return useQuery({ ...newsletterPreviewQueryOptions(postId), enabled });
}
