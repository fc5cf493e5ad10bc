import type { IncomingMessage } from 'node:http';

/**
 * The request target in origin form (`/path?query`). RFC 9112 (3.2.2) has a server accept the absolute form
 * (`GET http://host/path HTTP/1.1`) too: it is routed by its path and query, and its authority is ignored, since every
 * link the site writes comes from SITE_URL, never from the request. Any other form is left as it is and refused by
 * routing.
 */
export function originForm(request: IncomingMessage): string {
  const target = request.url ?? '/';
  if (target.startsWith('/')) return target;
  const absolute = /^https?:\/\/[^/?#]*(.*)$/i.exec(target);
  if (absolute === null) return target;
  const rest = absolute[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
}
