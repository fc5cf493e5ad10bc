import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentBulkUpdate } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { commentsQueryKey } from './comment-query-key.ts';

/** One moderation action on up to 100 comments at once; the answer lists those whose status changed. */
export function moderateComments(update: CommentBulkUpdate): Promise<{ changed: string[] }> {
  return apiJson<{ changed: string[] }>('/api/comments/bulk', { method: 'POST', body: update });
}

export function useModerateComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateComments,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
  });
}
