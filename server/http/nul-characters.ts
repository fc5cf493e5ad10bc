import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

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
 * PostgreSQL text cannot hold U+0000, and no address or field of ours needs it: refuse it at the edge with a 400, the
 * same on both databases, rather than fail in the store.
 */
export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      request.url.includes('%00')
        ? new HttpError(400, 'The address must not contain a NUL character (%00).')
        : undefined,
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.body) ? new HttpError(400, 'Text must not contain NUL characters (\\u0000).') : undefined);
  });
}
