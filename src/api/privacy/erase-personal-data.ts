import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyErasure } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { leadsQueryKey } from '../leads/index.ts';

/** Removes every lead and CV of one e-mail address. */
export function erasePersonalData(email: string): Promise<PrivacyErasure> {
  return apiJson<PrivacyErasure>('/api/privacy/erase', { method: 'POST', body: { email } });
}

export function useErasePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
  });
}
