import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentStatus } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentQueryKey } from './content-query-key.ts';

export function getContentStatus(signal?: AbortSignal): Promise<ContentStatus> {
  return apiJson<ContentStatus>('/api/content/status', { signal });
}

export function contentStatusQueryOptions() {
  return queryOptions({
    queryKey: [...contentQueryKey, 'status'],
    queryFn: ({ signal }) => getContentStatus(signal),
    retry: retryTransientFailure,
  });
}

export function useContentStatus() {
  return useQuery(contentStatusQueryOptions());
}
