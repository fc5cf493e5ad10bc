import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { newsletterQueryKey } from './newsletter-query-key.ts';

export interface NewsletterSendOrder {
  postId: string;
  /** One test message to the signed-in member's own address instead of the send to every subscriber. */
  test?: boolean;
}

/** Asks for a post's one send to every active subscriber, or a test to oneself; answers the send's id (202). */
export async function sendNewsletter({ postId, test }: NewsletterSendOrder): Promise<string> {
  const { _id } = await apiJson<{ _id: string }>(`/api/blogs/${encodeURIComponent(postId)}/newsletter`, {
    method: 'POST',
    body: test ? { testTo: 'me' } : {},
  });
  return _id;
}

export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletter,
    // Sent or refused as already sent, the post's preview now names its send.
    onSettled: (_id, _error, order) =>
      order.test ? undefined : queryClient.invalidateQueries({ queryKey: [...newsletterQueryKey, 'preview'] }),
  });
}
