import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaRecord } from '@/content/types.gen.ts';
import { ApiError, networkErrorMessage, type ApiErrorDetail } from './api-client.ts';
import { mediaQueryKey } from './media-query-key.ts';

export interface UploadMediaVariables {
  file: File;
  alt?: string;
}

/**
 * Sends one image as multipart/form-data (the one non-JSON request, kept out of the shared client that public
 * pages load); the same bytes again answer with the image already stored.
 */
export async function uploadMedia({ file, alt }: UploadMediaVariables): Promise<MediaRecord> {
  const form = new FormData();
  // Fields before the file: the server reads them as it reaches the file.
  if (alt !== undefined) form.append('alt', alt);
  form.append('file', file, file.name || 'pasted-image');
  let response: Response;
  try {
    response = await fetch('/api/media', {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, networkErrorMessage, [], undefined, { cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; details?: unknown };
    const message =
      typeof body.message === 'string' && body.message !== ''
        ? body.message
        : `The upload was refused (${response.status}).`;
    throw new ApiError(response.status, message, Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : []);
  }
  return (await response.json()) as MediaRecord;
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
