import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadRecord, LeadUpdate } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { leadAddress } from './get-lead.ts';
import { leadsQueryKey } from './lead-query-key.ts';

/** A new status, a note, or both; the answer is the lead with its history and notes. */
export function updateLead({ id, update }: { id: string; update: LeadUpdate }): Promise<LeadRecord> {
  return apiJson<LeadRecord>(leadAddress(id), { method: 'PATCH', body: update });
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (lead) => {
      queryClient.setQueryData([...leadsQueryKey, 'one', lead._id], lead);
      return queryClient.invalidateQueries({ queryKey: leadsQueryKey });
    },
  });
}
