import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterSend } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { newsletterSendQueryKey } from './get-newsletter-send.ts';

export type SendChange = 'pause' | 'resume' | 'cancel';

/** Pauses, resumes or cancels a send; answers where it stands now. */
export function changeNewsletterSend({ id, change }: { id: string; change: SendChange }): Promise<NewsletterSend> {
  return apiJson<NewsletterSend>(`/api/newsletters/${encodeURIComponent(id)}/${change}`, { method: 'POST' });
}

export function useChangeNewsletterSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNewsletterSend,
    onSuccess: (send) => queryClient.setQueryData(newsletterSendQueryKey(send._id), send),
    // Refused (two members at once, another tab): what the send is now is asked again.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: newsletterSendQueryKey(id) }),
  });
}
