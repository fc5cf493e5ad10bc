import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, retryTransientFailure } from './api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

/** A document as it was at one commit of its history. */
export function getContentVersion(id: string, commit: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  return apiJson<Record<string, unknown>>(contentPath(id, `/at/${encodeURIComponent(commit)}`), { signal });
}

export function contentVersionQueryOptions(id: string, commit: string) {
  return queryOptions({
    queryKey: [...contentQueryKey, 'at', id, commit],
    queryFn: ({ signal }) => getContentVersion(id, commit, signal),
    retry: retryTransientFailure,
    // A commit never changes.
    staleTime: Infinity,
  });
}

export function useContentVersion(id: string, commit: string | null) {
  return useQuery({ ...contentVersionQueryOptions(id, commit ?? ''), enabled: commit !== null });
}
