import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentSaved } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

/** Writes an old version's document again, as a new commit: history is never rewritten. */
export function restoreContentVersion({ id, commit }: { id: string; commit: string }): Promise<ContentSaved> {
  return apiJson<ContentSaved>(contentPath(id, '/restore'), { method: 'POST', body: { commit } });
}

export function useRestoreContentVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreContentVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
