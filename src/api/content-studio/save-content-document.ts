import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentSaved } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { contentPath, contentQueryKey } from './content-query-key.ts';

export interface SaveContentVariables {
  id: string;
  document: Record<string, unknown>;
  message?: string;
  /** The version the edit started from: the server refuses (409) when the document moved since. */
  version: string;
}

export function saveContentDocument({ id, document, message, version }: SaveContentVariables): Promise<ContentSaved> {
  return apiJson<ContentSaved>(contentPath(id), {
    method: 'PUT',
    body: message ? { document, message } : { document },
    headers: { 'if-match': version },
  });
}

export function useSaveContentDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContentDocument,
    onSuccess: (_saved, { id }) =>
      queryClient.invalidateQueries({
        queryKey: contentQueryKey,
        // The open form keeps its own copy; its document query is set by the page from the answer.
        predicate: (query) => !(query.queryKey[1] === 'document' && query.queryKey[2] === id),
      }),
  });
}
