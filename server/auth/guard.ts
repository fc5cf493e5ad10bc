import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../http/errors.ts';
import type { Database } from '../store/schema.ts';
import { readSessionToken } from './session-cookie.ts';
import { resumeSession, type SignedInUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, or null for a visitor. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /** Lets an unsafe request through without a session (signing in and out); it must still be same-origin. */
    allowSignedOut?: boolean;
  }
}

export interface GuardSettings {
  db: Kysely<Database>;
  clock: () => Date;
  /** Origins trusted besides the request's own host, e.g. the public SITE_URL behind a proxy that rewrites Host. */
  trustedOrigins: ReadonlySet<string>;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

// A refusal depends on who asks: no cache may keep it for someone else.
const uncacheable = { 'cache-control': 'no-store' };

/** Browsers send Origin with every unsafe request; a page of another site cannot fake it. */
function isSameOrigin(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === 'same-origin' || site === 'none';
  }
  if (trustedOrigins.has(origin)) return true;
  try {
    const { protocol, host } = new URL(origin);
    return host === new URL(`${protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

/** Lets the request on as `user`, unless it is unsafe, signed out, and its route does not allow that (401). */
function admit(
  request: FastifyRequest,
  user: SignedInUser | null,
  unsafe: boolean,
  done: (error?: Error) => void,
): void {
  request.user = user;
  const refused = unsafe && user === null && request.routeOptions.config.allowSignedOut !== true;
  done(refused ? new HttpError(401, 'Sign in to do this.', [], uncacheable) : undefined);
}

/**
 * The one guard of the API: unsafe requests must come from our own origin (403), and need a signed-in admin (401)
 * unless their route allows otherwise. Protection is the default, so a new route cannot forget it.
 */
export function registerApiGuard(app: FastifyInstance, { db, clock, trustedOrigins }: GuardSettings): void {
  app.decorateRequest('user', null);
  // Callback style, not async: a visitor without a session cookie (most requests) costs no promise, no closure and
  // no extra turn.
  app.addHook('onRequest', (request, _reply, done) => {
    const unsafe = !safeMethods.has(request.method);
    if (unsafe && !isSameOrigin(request, trustedOrigins)) {
      return done(
        new HttpError(
          403,
          'Cross-site requests are not allowed: send this request from the site itself.',
          [],
          uncacheable,
        ),
      );
    }
    const token = readSessionToken(request);
    if (token === undefined) return admit(request, null, unsafe, done);
    resumeSession(db, token, clock()).then((user) => admit(request, user, unsafe, done), done);
  });
}
