import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api-client.ts';
import { mediaQueryKey } from './media-query-key.ts';

/** Refused with 409 (naming the posts) while a post shows the image. */
export function deleteMedia(id: string): Promise<void> {
  return apiJson<void>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
