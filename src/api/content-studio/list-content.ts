import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentSummary } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentQueryKey } from './content-query-key.ts';

export function listContent(signal?: AbortSignal): Promise<ContentSummary[]> {
  return apiJson<ContentSummary[]>('/api/content', { signal });
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
