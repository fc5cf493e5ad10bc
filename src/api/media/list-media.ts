import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaRecord } from '@/content/types.gen.ts';
import { apiRequest, retryTransientFailure } from '../api-client.ts';
import { mediaQueryKey } from './media-query-key.ts';

export interface MediaListQuery {
  q?: string;
  limit?: number;
  offset?: number;
}

export interface MediaPage {
  media: MediaRecord[];
  total: number;
}

export async function listMedia(query: MediaListQuery, signal?: AbortSignal): Promise<MediaPage> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  const search = params.toString();
  const { data, headers } = await apiRequest<MediaRecord[]>(`/api/media${search ? `?${search}` : ''}`, { signal });
  return { media: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function mediaListQueryOptions(query: MediaListQuery) {
  return queryOptions({
    queryKey: [...mediaQueryKey, 'list', query],
    queryFn: ({ signal }) => listMedia(query, signal),
    retry: retryTransientFailure,
    placeholderData: keepPreviousData,
  });
}

export function useMediaList(query: MediaListQuery) {
  return useQuery(mediaListQueryOptions(query));
}
