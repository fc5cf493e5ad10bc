/** A Response a loader threw (a 404), as the error screen reads it: its status, status text and body. */
export class RouteErrorResponse {
  readonly kind = 'route-error-response';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown = null,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

/** What the server writes into the state block for a route's error, so the browser renders the same screen. */
export type SerializedRouteError =
  { type: 'response'; status: number; statusText: string } | { type: 'error'; name: string; message: string };

/** The error a route renders for what its loader or lazy import threw: a thrown Response becomes its status. */
export function toRouteError(thrown: unknown): unknown {
  if (thrown instanceof Response) return new RouteErrorResponse(thrown.status, thrown.statusText);
  return thrown;
}

export function serializeRouteError(error: unknown): SerializedRouteError {
  if (isRouteErrorResponse(error)) return { type: 'response', status: error.status, statusText: error.statusText };
  if (error instanceof Error) return { type: 'error', name: error.name, message: error.message };
  return { type: 'error', name: 'Error', message: String(error) };
}

export function deserializeRouteError(error: SerializedRouteError): unknown {
  if (error.type === 'response') return new RouteErrorResponse(error.status, error.statusText);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/** The HTTP status of a page whose route failed: the thrown Response's, or 500 for anything else. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}
