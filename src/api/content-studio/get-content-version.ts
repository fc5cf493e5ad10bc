import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentDocumentVersion } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

/** A document as it was at one commit of its history. */
export async function getContentVersion(
  id: string,
  commit: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const version = await apiJson<ContentDocumentVersion>(contentPath(id, `/at/${encodeURIComponent(commit)}`), {
    signal,
  });
  return version.document;
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
