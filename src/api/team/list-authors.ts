import { useQuery } from '@tanstack/react-query';
import type { AuthorOption } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

export type { AuthorOption };

export const authorsQueryKey = ['authors'] as const;

export function listAuthors(signal?: AbortSignal): Promise<AuthorOption[]> {
  return apiJson<AuthorOption[]>('/api/authors', { signal });
}

/** Who may sign a post: editors and above only (posts:others); the others are refused (403). */
export function useAuthors(enabled: boolean) {
  return useQuery({
    queryKey: authorsQueryKey,
    queryFn: ({ signal }) => listAuthors(signal),
    retry: retryTransientFailure,
    enabled,
  });
}
