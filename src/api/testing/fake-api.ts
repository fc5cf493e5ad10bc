import { vi } from 'vitest';

/** Answers one request: a JSON body (or none for 204) with a status and headers, or a thrown network failure. */
export type FakeReply =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)
  | 'network-error'
  | 'never';

export interface FakeRequest {
  method: string;
  /** Path and query, e.g. /api/blogs?limit=3 */
  url: string;
  body: unknown;
}

/**
 * Replaces fetch at the network boundary. Routes are "METHOD /path" (matching any query) or "METHOD /path?query"
 * (matching exactly); an unexpected request fails the test with its method and URL.
 */
export function fakeApi(routes: Record<string, FakeReply>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const request = {
      method,
      url: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    let reply = routes[`${method} ${request.url}`] ?? routes[`${method} ${url.pathname}`];
    if (reply === undefined) throw new Error(`Unexpected request: ${method} ${request.url}`);
    while (typeof reply === 'function') reply = await reply(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'never') return new Promise<Response>(() => {});
    const { status = 200, body, headers = {} } = reply;
    const hasBody = body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(body) : null, {
      status,
      headers: hasBody ? { 'content-type': 'application/json', ...headers } : headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** An error body as the server sends it. */
export function errorReply(status: number, message: string, details: { path: string; message: string }[] = []) {
  return { status, body: { statusCode: status, error: 'Error', message, details } };
}
