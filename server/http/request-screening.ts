import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { HttpError } from './errors.ts';
import type { FrontStep } from './request-front.ts';

/** Iterative: a 1 MiB body can nest deeper than the call stack reaches. */
function containsNul(body: unknown): boolean {
  const pending = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Input that the rest of the server cannot take, dealt with before routing, the same on both databases:
 * - NUL characters (400): PostgreSQL text cannot hold U+0000, and no address or field of ours needs one;
 * - paths starting with `//` (301 to the path with one slash): URL parsers read `//evil.example/x` as another
 *   host's address, which the page renderer would otherwise fail on or misread.
 */
export const screenAddress: FrontStep = (request, reply) => {
  const { url } = request;
  if (url.includes('%00')) return new HttpError(400, 'The address must not contain a NUL character (%00).');
  if (url.startsWith('//')) {
    reply.redirect(url.replace(/^\/+/, '/'), 301);
    return 'answered';
  }
  return undefined;
};

const screenBody: preValidationHookHandler = (request, _reply, done) => {
  done(containsNul(request.body) ? new HttpError(400, 'Text must not contain NUL characters (\\u0000).') : undefined);
};

/** Screens the bodies of the routes registered after it; GET and HEAD have none, so they skip the hook. */
export function registerBodyScreening(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [screenBody, ...[route.preValidation ?? []].flat()];
  });
}
