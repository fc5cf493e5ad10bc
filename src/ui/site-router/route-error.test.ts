// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deserializeRouteError,
  errorStatus,
  isRouteErrorResponse,
  RouteErrorResponse,
  serializeRouteError,
  toRouteError,
} from './route-error.ts';

describe('route errors', () => {
  it('turns a thrown Response into its status and status text', () => {
    const error = toRouteError(new Response('Not Found', { status: 404, statusText: 'Not Found' }));
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(errorStatus(error)).toBe(404);
    expect(errorStatus(new Error('boom'))).toBe(500);
  });

  it('crosses the state block as it was: a response, or an error with its name and message', () => {
    const response = deserializeRouteError(serializeRouteError(new RouteErrorResponse(404, 'Not Found')));
    expect(response).toEqual(new RouteErrorResponse(404, 'Not Found'));
    const chunk = new Error('Loading chunk post failed.');
    chunk.name = 'ChunkLoadError';
    const revived = deserializeRouteError(JSON.parse(JSON.stringify(serializeRouteError(chunk))));
    expect(revived).toBeInstanceOf(Error);
    expect(revived).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk post failed.' });
  });
});
