import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaRecord } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { mediaQueryKey } from './media-query-key.ts';

/** One image with the posts that use it. */
export function getMedia(id: string, signal?: AbortSignal): Promise<MediaRecord> {
  return apiJson<MediaRecord>(`/api/media/${encodeURIComponent(id)}`, { signal });
}

export function mediaQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...mediaQueryKey, 'one', id],
    queryFn: ({ signal }) => getMedia(id, signal),
    retry: retryTransientFailure,
  });
}

export function useMedia(id: string) {
  return useQuery(mediaQueryOptions(id));
}
