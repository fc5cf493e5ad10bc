import { useMutation } from '@tanstack/react-query';
import type { Invitation, InvitationBody } from '@/content/types.gen.ts';
import { apiJson } from './api-client.ts';

export function invite(body: InvitationBody): Promise<Invitation> {
  return apiJson<Invitation>('/api/invitations', { method: 'POST', body });
}

export function useInvite() {
  return useMutation({ mutationFn: invite });
}
