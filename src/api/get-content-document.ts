import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, retryTransientFailure } from './api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

/** A document as stored: the `$id` of its schema, its JSON, and its version (the ETag a save sends back). */
export interface ContentDocument {
  id: string;
  schema: string;
  document: Record<string, unknown>;
  version: string;
}

export function getContentDocument(id: string, signal?: AbortSignal): Promise<ContentDocument> {
  return apiJson<ContentDocument>(contentPath(id), { signal });
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
