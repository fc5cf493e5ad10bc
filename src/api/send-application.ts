import { ApiError, networkErrorMessage, type ApiErrorDetail } from './api-client.ts';

/** Sends an application as multipart/form-data, the CV last: the server reads the fields as it reaches the file. */
export async function sendApplication(form: FormData): Promise<{ _id: string }> {
  let response: Response;
  try {
    response = await fetch('/api/applications', {
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
        : `The application was refused (${response.status}).`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      message,
      Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [],
      retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return (await response.json()) as { _id: string };
}
