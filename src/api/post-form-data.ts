import { ApiError, networkErrorMessage, type ApiErrorDetail } from './api-client.ts';

/**
 * Sends multipart/form-data (files), the one kind of request the shared JSON client does not make, and answers the
 * JSON the server returns; a refusal becomes an ApiError with the server's sentence, or `refused` and the status.
 */
export async function postFormData<T>(path: string, form: FormData, refused: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
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
      typeof body.message === 'string' && body.message !== '' ? body.message : `${refused} (${response.status}).`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      message,
      Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [],
      retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return (await response.json()) as T;
}
