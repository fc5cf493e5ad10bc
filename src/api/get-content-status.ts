import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, retryTransientFailure } from './api-client.ts';
import { contentQueryKey, type ContentChange } from './content-query-key.ts';

/** Whether this deployment may write content, where it pushes, and the commits not yet on the live site. */
export interface ContentStatus {
  writable: boolean;
  branch: string;
  remote?: string;
  head: string;
  pending: ContentChange[];
}

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
