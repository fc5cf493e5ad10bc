/**
 * What a handler or the page renderer answers a read with: a value, not yet encoded. The response cache
 * (response-cache.ts) turns it into bytes with an ETag and compressed copies, and keeps it for visitors.
 */
export interface Answer {
  status: number;
  /** The answer's own headers (type, caching, pagination, location); the hooks add the request's. */
  headers: Record<string, string>;
  /** JSON or HTML text; none for a redirect. */
  text?: string;
}

export function jsonAnswer(value: unknown, headers: Record<string, string>): Answer {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    text: JSON.stringify(value),
  };
}

export function htmlAnswer(html: string, status: number, headers: Record<string, string>): Answer {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, text: html };
}

export function redirectAnswer(location: string, status: number): Answer {
  return { status, headers: { location } };
}
