import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import type { PageReads } from '../page-reads.ts';

/** A published post by its slug; a signed-in admin gets drafts and archived posts too. 404 when none. */
export function getPostBySlug(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiJson<BlogPost>(`/api/blogs/slug/${encodeURIComponent(slug)}`, { signal });
}

/** Through the API, or through the server's own reads when it renders the page (`reads`). */
export function postBySlugQueryOptions(slug: string, reads?: PageReads) {
  return queryOptions({
    queryKey: [...blogQueryKey, 'slug', slug],
    queryFn: ({ signal }) => (reads ? reads.postBySlug(slug) : getPostBySlug(slug, signal)),
    retry: retryTransientFailure,
  });
}

export function usePostBySlug(slug: string) {
  return useQuery(postBySlugQueryOptions(slug));
}
