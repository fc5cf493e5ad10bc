import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaRecord, MediaUpdate } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';
import { mediaQueryKey } from './media-query-key.ts';

export function updateMedia({ id, update }: { id: string; update: MediaUpdate }): Promise<MediaRecord> {
  return apiJson<MediaRecord>(`/api/media/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
