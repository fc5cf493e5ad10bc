import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { commentsQueryKey } from './comment-query-key.ts';
import { leadsQueryKey } from '../leads/index.ts';
import { commentAddress } from './moderate-comment.ts';

/** Makes a lead of a comment (its post as the landing page); the answer names the new lead. */
export function turnCommentIntoEnquiry(id: string): Promise<{ leadId: string }> {
  return apiJson<{ leadId: string }>(`${commentAddress(id)}/enquiry`, { method: 'POST' });
}

export function useTurnCommentIntoEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnCommentIntoEnquiry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
      ]),
  });
}
