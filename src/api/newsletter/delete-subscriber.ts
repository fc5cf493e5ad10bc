import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { subscribersQueryKey } from './subscriber-query-key.ts';

/** Deletes a subscriber for good: the address, its consent and its attribution. */
export function deleteSubscriber(id: string): Promise<void> {
  return apiJson<void>(`/api/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
  });
}
