import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaRecord } from '@/content/types.gen.ts';
import { mediaQueryKey } from './media-query-key.ts';
import { postFormData } from '../post-form-data.ts';

export interface UploadMediaVariables {
  file: File;
  alt?: string;
}

/**
 * Sends one image as multipart/form-data; the same bytes again answer with the image already stored.
 */
export async function uploadMedia({ file, alt }: UploadMediaVariables): Promise<MediaRecord> {
  const form = new FormData();
  // Fields before the file: the server reads them as it reaches the file.
  if (alt !== undefined) form.append('alt', alt);
  form.append('file', file, file.name || 'pasted-image');
  return postFormData<MediaRecord>('/api/media', form, 'The upload was refused');
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
