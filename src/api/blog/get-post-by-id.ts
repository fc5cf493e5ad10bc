import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';
import { blogQueryKey } from './blog-query-key.ts';

export function getPostById(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiJson<BlogPost>(`/api/blogs/${encodeURIComponent(id)}`, { signal });
}

export function postByIdQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...blogQueryKey, 'id', id],
    queryFn: ({ signal }) => getPostById(id, signal),
    retry: retryTransientFailure,
    // The editor must not replace what the admin is typing with a background refetch.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}

export function usePostById(id: string) {
  return useQuery(postByIdQueryOptions(id));
}
