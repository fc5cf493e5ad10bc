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
    /**
     * Who may call the route. Unsafe methods default to 'admin' and reads to 'anyone', so a route declares only an
     * exception: an admin-only read, or a write a signed-out browser makes (signing in and out). An unsafe request must
     * come from our own origin whatever its route declares.
     */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'anyone' | 'admin';

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

/** What a route with this method and config needs: its declared access, or the default of its method. */
export function requiredAccess(method: string, config: { access?: RouteAccess } | undefined): RouteAccess {
  return config?.access ?? (safeMethods.has(method) ? 'anyone' : 'admin');
}

/** The one refusal of a signed-out request where an admin is needed, whichever route refuses it. */
export function signInRequired(): HttpError {
  return new HttpError(401, 'Sign in to do this.', [], uncacheable);
}

/** The signed-in admin of a request the guard admitted to an admin-only route. */
export function signedInAdmin(request: FastifyRequest): SignedInUser {
  if (request.user === null) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} reads the admin but does not declare access 'admin'.`,
    );
  }
  return request.user;
}

/** Lets the request on as `user`, unless it is signed out and its route needs an admin (401). */
function admit(request: FastifyRequest, user: SignedInUser | null, done: (error?: Error) => void): void {
  request.user = user;
  const refused = user === null && requiredAccess(request.method, request.routeOptions.config) === 'admin';
  done(refused ? signInRequired() : undefined);
}

/**
 * The one guard of the API: unsafe requests must come from our own origin (403), and a route whose access is 'admin'
 * (every unsafe one unless it declares otherwise) needs a signed-in admin (401), for every method. Handlers do not
 * check the session themselves.
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
    if (token === undefined) return admit(request, null, done);
    resumeSession(db, token, clock()).then((user) => admit(request, user, done), done);
  });
}
