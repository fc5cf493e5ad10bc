import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriberImportQuery, SubscriberImportReport } from '@/content/types.gen.ts';
import { ApiError, networkErrorMessage, type ApiErrorDetail } from '../api-client.ts';
import { subscribersQueryKey } from './subscriber-query-key.ts';

export interface SubscriberImportRequest extends SubscriberImportQuery {
  file: Blob;
}

/**
 * Sends a CSV file as it is (`text/csv`, which the shared JSON client does not send), with how to read its dates in
 * the query, and answers the report of each row; a refusal becomes an ApiError with the server's sentence and details.
 */
export async function importSubscribers({ file, dateOrder }: SubscriberImportRequest): Promise<SubscriberImportReport> {
  const query = dateOrder === undefined ? '' : `?${new URLSearchParams({ dateOrder }).toString()}`;
  let response: Response;
  try {
    response = await fetch(`/api/subscribers/import${query}`, {
      method: 'POST',
      body: file,
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, networkErrorMessage, [], undefined, { cause: error });
  }
  const body = (await response.json().catch(() => undefined)) as
    (SubscriberImportReport & { message?: unknown; details?: unknown }) | undefined;
  if (!response.ok) {
    const message =
      typeof body?.message === 'string' && body.message !== ''
        ? body.message
        : `The import was refused (${response.status}).`;
    const details = Array.isArray(body?.details) ? (body.details as ApiErrorDetail[]) : [];
    throw new ApiError(response.status, message, details);
  }
  if (body === undefined) throw new ApiError(response.status, 'The server sent an answer this page cannot read.');
  return body;
}

export function useImportSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSubscribers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
  });
}
