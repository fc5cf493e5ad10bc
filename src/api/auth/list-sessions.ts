import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSession } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export function listSessions(signal?: AbortSignal): Promise<AdminSession[]> {
  return apiJson<AdminSession[]>('/api/auth/sessions', { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => listSessions(signal),
    retry: retryTransientFailure,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
