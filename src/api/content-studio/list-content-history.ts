import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentChange } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

/** A document's commits, newest first. */
export function listContentHistory(id: string, signal?: AbortSignal): Promise<ContentChange[]> {
  return apiJson<ContentChange[]>(contentPath(id, '/history'), { signal });
}

export function contentHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...contentQueryKey, 'history', id],
    queryFn: ({ signal }) => listContentHistory(id, signal),
    retry: retryTransientFailure,
  });
}

export function useContentHistory(id: string, enabled: boolean) {
  return useQuery({ ...contentHistoryQueryOptions(id), enabled });
}
