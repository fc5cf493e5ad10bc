import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, InvitationAcceptance } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { signedIn } from '../auth/index.ts';

export function acceptInvitation({
  token,
  acceptance,
}: {
  token: string;
  acceptance: InvitationAcceptance;
}): Promise<AdminUser> {
  return apiJson<AdminUser>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: acceptance,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: (user) => signedIn(queryClient, user) });
}
