import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@/content/types.gen.ts';
import { apiJson, isApiError, retryTransientFailure } from '../api-client.ts';

export type { AdminUser };

/** The signed-in admin, or null when this browser has no session (401). */
export async function getMe(signal?: AbortSignal): Promise<AdminUser | null> {
  try {
    return await apiJson<AdminUser>('/api/auth/me', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: retryTransientFailure,
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
