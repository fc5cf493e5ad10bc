import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

export const teamQueryKey = ['team'] as const;

export function listTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  return apiJson<TeamMember[]>('/api/users', { signal });
}

export function teamQueryOptions() {
  return queryOptions({
    queryKey: teamQueryKey,
    queryFn: ({ signal }) => listTeam(signal),
    retry: retryTransientFailure,
  });
}

/** Only for administrators: other roles are refused (403). */
export function useTeam(enabled: boolean) {
  return useQuery({ ...teamQueryOptions(), enabled });
}
