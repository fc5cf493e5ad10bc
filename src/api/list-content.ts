import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, retryTransientFailure } from './api-client.ts';
import { contentQueryKey, type ContentChange } from './content-query-key.ts';

/** One document of content/: its id (its path without .json), what it is, where it is served, its last change. */
export interface ContentEntry {
  id: string;
  kind: string;
  route?: string;
  title: string;
  lastChange: ContentChange;
}

export function listContent(signal?: AbortSignal): Promise<ContentEntry[]> {
  return apiJson<ContentEntry[]>('/api/content', { signal });
}

export function contentListQueryOptions() {
  return queryOptions({
    queryKey: [...contentQueryKey, 'list'],
    queryFn: ({ signal }) => listContent(signal),
    retry: retryTransientFailure,
  });
}

export function useContentList() {
  return useQuery(contentListQueryOptions());
}
