import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenInvitation } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

export const invitationsQueryKey = ['invitations'] as const;

export function listInvitations(signal?: AbortSignal): Promise<OpenInvitation[]> {
  return apiJson<OpenInvitation[]>('/api/invitations', { signal });
}

/** Only for administrators (`users`): other roles are refused (403). */
export function useInvitations(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: invitationsQueryKey,
      queryFn: ({ signal }) => listInvitations(signal),
      retry: retryTransientFailure,
    }),
    enabled,
  });
}
