import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationBody } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

export function invite(body: InvitationBody): Promise<Invitation> {
  return apiJson<Invitation>('/api/invitations', { method: 'POST', body });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
