import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { leadAddress } from './get-lead.ts';
import { leadsQueryKey } from './lead-query-key.ts';

/** Deletes a lead with its notes, history and CV. */
export function deleteLead(id: string): Promise<void> {
  return apiJson<void>(leadAddress(id), { method: 'DELETE' });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...leadsQueryKey, 'one', id] });
      return queryClient.invalidateQueries({ queryKey: leadsQueryKey });
    },
  });
}
