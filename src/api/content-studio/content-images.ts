import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentImage, MediaRecord } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { contentQueryKey } from './content-query-key.ts';
import { listMedia, mediaQueryKey } from '../media/index.ts';

/** The images under public/images that content may name, with their sizes. */
export function listContentImages(signal?: AbortSignal): Promise<ContentImage[]> {
  return apiJson<ContentImage[]>('/api/content/images', { signal });
}

export function useContentImages() {
  return useQuery(
    queryOptions({
      queryKey: [...contentQueryKey, 'images'],
      queryFn: ({ signal }) => listContentImages(signal),
      retry: retryTransientFailure,
    }),
  );
}

/** The media library's newest images (the API's largest page), which the image picker offers beside the site's. */
export function useLibraryImages() {
  return useQuery(
    queryOptions({
      queryKey: [...mediaQueryKey, 'list', { limit: 100, for: 'content' }],
      queryFn: async ({ signal }): Promise<MediaRecord[]> => (await listMedia({ limit: 100 }, signal)).media,
      retry: retryTransientFailure,
    }),
  );
}
