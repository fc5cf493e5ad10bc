import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentRecord, CommentStatus } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { commentsQueryKey } from './comment-query-key.ts';

export function commentAddress(id: string): string {
  return `/api/comments/${encodeURIComponent(id)}`;
}

/** Approves, marks as spam, trashes or restores one comment. */
export function moderateComment({ id, status }: { id: string; status: CommentStatus }): Promise<CommentRecord> {
  return apiJson<CommentRecord>(commentAddress(id), { method: 'PATCH', body: { status } });
}

export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
  });
}
