import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentDocumentVersion } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

export function getContentDocument(id: string, signal?: AbortSignal): Promise<ContentDocumentVersion> {
  return apiJson<ContentDocumentVersion>(contentPath(id), { signal });
}

export function contentDocumentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...contentQueryKey, 'document', id],
    queryFn: ({ signal }) => getContentDocument(id, signal),
    retry: retryTransientFailure,
    // The form holds the person's edits: a refetch must not replace them behind their back.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useContentDocument(id: string) {
  return useQuery(contentDocumentQueryOptions(id));
}
