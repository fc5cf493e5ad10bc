import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { blogQueryKey } from '../blog/index.ts';
import { invitationsQueryKey } from './list-invitations.ts';
import { teamQueryKey } from './list-team.ts';

export function removeTeamMember({ id, reassignTo }: { id: string; reassignTo?: string }): Promise<void> {
  const query = reassignTo ? `?reassignTo=${encodeURIComponent(reassignTo)}` : '';
  return apiJson<void>(`/api/users/${encodeURIComponent(id)}${query}`, { method: 'DELETE' });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
      await queryClient.invalidateQueries({ queryKey: blogQueryKey });
      // The member's open invitations are withdrawn with them.
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
