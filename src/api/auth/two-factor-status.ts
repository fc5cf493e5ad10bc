import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

export const twoFactorQueryKey = ['auth', '2fa'] as const;

export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>('/api/auth/2fa', { signal });
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    retry: retryTransientFailure,
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
