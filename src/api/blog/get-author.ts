import { queryOptions } from '@tanstack/react-query';
import type { Author } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';
import type { PageReads } from '../page-reads.ts';

export type { Author };

/** An author with a published post, by the URL name of their page; 404 when there is none. */
export function getAuthor(slug: string, signal?: AbortSignal): Promise<Author> {
  return apiJson<Author>(`/api/authors/${encodeURIComponent(slug)}`, { signal });
}

/** Through the API, or through the server's own reads when it renders the page (`reads`). */
export function authorQueryOptions(slug: string, reads?: PageReads) {
  return queryOptions({
    queryKey: [...blogQueryKey, 'author', slug],
    queryFn: ({ signal }) => (reads ? reads.author(slug) : getAuthor(slug, signal)),
    retry: retryTransientFailure,
  });
}
