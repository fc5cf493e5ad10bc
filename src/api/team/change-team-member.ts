import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember, TeamMemberUpdate } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';
import { teamQueryKey } from './list-team.ts';

export function changeTeamMember({ id, update }: { id: string; update: TeamMemberUpdate }): Promise<TeamMember> {
  return apiJson<TeamMember>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

export function useChangeTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTeamMember,
    // A new role may withdraw the member's invitations for roles it can no longer give.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
