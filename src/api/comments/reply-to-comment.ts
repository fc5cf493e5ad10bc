import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentRecord } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { commentsQueryKey } from './comment-query-key.ts';
import { commentAddress } from './moderate-comment.ts';

/** The agency's answer to a top-level comment; it is approved at once, and so is the comment answered. */
export function replyToComment({ id, text }: { id: string; text: string }): Promise<CommentRecord> {
  return apiJson<CommentRecord>(`${commentAddress(id)}/replies`, { method: 'POST', body: { text } });
}

export function useReplyToComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
  });
}
