import { useQuery } from '@tanstack/react-query';
import type { InvitationCheck } from '@/content/types.gen.ts';
import { apiJson, retryTransientFailure } from '../api-client.ts';

/** What a working invitation link offers; 404 and 410 say in words that it does not work. */
export function checkInvitation(token: string, signal?: AbortSignal): Promise<InvitationCheck> {
  return apiJson<InvitationCheck>(`/api/invitations/${encodeURIComponent(token)}`, { signal });
}

/** `enabled` false while the link is being accepted: signing in asks every query again, and the link is used by then. */
export function useInvitationCheck(token: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['invitation-check', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    retry: retryTransientFailure,
    // Whether the link still works is asked once per visit: accepting answers for itself afterwards.
    staleTime: Infinity,
  });
}
