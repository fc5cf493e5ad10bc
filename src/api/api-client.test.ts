// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from './testing/fake-api.ts';
import { ApiError, apiJson, apiRequest, networkErrorMessage, retryTransientFailure } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('returns the JSON body and the headers, sending JSON with the session cookie', async () => {
    const { fetchMock } = fakeApi({
      'POST /api/blogs': { status: 201, body: { _id: 'a' }, headers: { location: '/api/blogs/a' } },
    });
    const { data, headers } = await apiRequest('/api/blogs', { method: 'POST', body: { title: 'x' } });
    expect(data).toEqual({ _id: 'a' });
    expect(headers.get('location')).toBe('/api/blogs/a');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"title":"x"}' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('turns an error body into an ApiError with its status, message and details', async () => {
    fakeApi({
      'PUT /api/blogs/a': errorReply(409, 'Another post already has the slug "x".', [
        { path: '/slug', message: 'is already used by another post' },
      ]),
    });
    const error = await apiJson('/api/blogs/a', { method: 'PUT', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Another post already has the slug "x".',
      details: [{ path: '/slug', message: 'is already used by another post' }],
    });
  });

  it('reads Retry-After from a 429', async () => {
    fakeApi({
      'POST /api/auth/login': { ...errorReply(429, 'Too many attempts.'), headers: { 'retry-after': '600' } },
    });
    await expect(apiJson('/api/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 600,
    });
  });

  it('names the status when the error body is not JSON', async () => {
    fakeApi({ 'GET /api/blogs': () => ({ status: 502 }) });
    await expect(apiJson('/api/blogs')).rejects.toMatchObject({
      status: 502,
      message: 'The server had a problem (502). Please try again later.',
    });
  });

  it('reports an unreachable server as status 0 with a message a person can act on', async () => {
    fakeApi({ 'GET /api/blogs': 'network-error' });
    await expect(apiJson('/api/blogs')).rejects.toMatchObject({ status: 0, message: networkErrorMessage });
  });

  it('has no body for 204', async () => {
    fakeApi({ 'DELETE /api/blogs/a': { status: 204 } });
    await expect(apiJson('/api/blogs/a', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('retryTransientFailure', () => {
  it('retries a network or server failure once, never a 4xx', () => {
    expect(retryTransientFailure(0, new ApiError(0, 'offline'))).toBe(true);
    expect(retryTransientFailure(0, new ApiError(503, 'busy'))).toBe(true);
    expect(retryTransientFailure(1, new ApiError(503, 'busy'))).toBe(false);
    expect(retryTransientFailure(0, new ApiError(404, 'missing'))).toBe(false);
  });
});
