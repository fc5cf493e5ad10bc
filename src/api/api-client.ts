/** The one place that talks HTTP to our API: JSON in and out, and every failure turned into an ApiError. */

export interface ApiErrorDetail {
  /** JSON Pointer to the field the message is about, e.g. /slug. */
  path: string;
  message: string;
}

export const networkErrorMessage = 'Could not reach the server. Check your connection and try again.';

/** A failed API call: the HTTP status (0 when the server could not be reached), a message for people, details. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /** From a 429's Retry-After header. */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
    /** The refusal's whole JSON body, for answers that carry more than a message (a 409's current version). */
    readonly body?: unknown,
  ) {
    super(message, options);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  // Errors of a server-rendered page reach the browser as plain objects in the page's state.
  const apiError =
    error instanceof ApiError ||
    (typeof error === 'object' && error !== null && 'name' in error && error.name === 'ApiError' && 'status' in error);
  return apiError && (status === undefined || (error as ApiError).status === status);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Further request headers, such as If-Match. */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

interface ErrorBody {
  message?: unknown;
  details?: unknown;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  // HTTP/2 has no status text, so the fallback names only the status.
  const fallback =
    response.status >= 500
      ? `The server had a problem (${response.status}). Please try again later.`
      : `The request was refused (${response.status}).`;
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : fallback;
  const details = Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [];
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(response.status, message, details, retryAfter > 0 ? retryAfter : undefined, undefined, body);
}

/** Sends a same-origin request (the session cookie goes with it) and reads the JSON answer. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, headers: extraHeaders }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, networkErrorMessage, [], undefined, { cause: error });
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  try {
    return { data: (await response.json()) as T, headers: response.headers };
  } catch (error) {
    throw new ApiError(response.status, 'The server sent an answer this page cannot read.', [], undefined, {
      cause: error,
    });
  }
}

export async function apiJson<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** Retries once when the failure may pass (network, server); a 4xx answer will not change by asking again. */
export function retryTransientFailure(failureCount: number, error: Error): boolean {
  const transient = !isApiError(error) || error.status === 0 || error.status >= 500;
  return transient && failureCount < 1;
}
