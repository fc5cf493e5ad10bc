import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { can, type Permission } from '../../src/domain/team-permissions.ts';
import { HttpError } from '../http/errors.ts';
import type { Database } from '../store/schema.ts';
import { permissionRefusal } from './permissions.ts';
import { readSessionToken } from './session-cookie.ts';
import { resumeSession, type SignedInUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of the team, or null for a visitor. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route: 'anyone', or the permission a signed-in member's role needs (src/domain/
     * team-permissions.ts). Unsafe methods default to 'admin' (administrators and the owner) and reads to 'anyone'. An
     * unsafe request must come from our own origin whatever its route declares.
     */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'anyone' | Permission;

export interface GuardSettings {
  db: Kysely<Database>;
  clock: () => Date;
  /** Origins trusted besides the request's own host, e.g. the public SITE_URL behind a proxy that rewrites Host. */
  trustedOrigins: ReadonlySet<string>;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

// A refusal depends on who asks: no cache may keep it for someone else.
const uncacheable = { 'cache-control': 'no-store' };

/**
 * Browsers send Origin with every unsafe request; a page of another site cannot fake it. The API's guard asks it of
 * every unsafe request, and the newsletter's "Subscribe again" form outside the API too.
 */
export function isSameOrigin(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
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

/** The signed-in member of a request the guard admitted to a route that needs a permission. */
export function signedInAdmin(request: FastifyRequest): SignedInUser {
  if (request.user === null) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} reads the signed-in user but declares no permission in access.`,
    );
  }
  return request.user;
}

/** Why the guard refuses `user` on a route needing `access`: 401 signed out, 403 without the permission. */
function refusal(user: SignedInUser | null, access: RouteAccess): HttpError | undefined {
  if (access === 'anyone') return undefined;
  if (user === null) return signInRequired();
  return can(user.role, access) ? undefined : permissionRefusal(user, access);
}

/** Lets the request on as `user`, unless its route needs a permission the user lacks. */
function admit(request: FastifyRequest, user: SignedInUser | null, done: (error?: Error) => void): void {
  request.user = user;
  done(refusal(user, requiredAccess(request.method, request.routeOptions.config)));
}

/**
 * The one guard of the API: unsafe requests must come from our own origin (403), and a route that needs a permission
 * (every unsafe one needs 'admin' unless it declares otherwise) needs a signed-in member whose role has it: 401
 * signed out, 403 naming the permission otherwise, for every method. Handlers do not check the session themselves.
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
    // No Cookie header, no session: a visitor's read skips working out the cookie's name.
    const token = request.headers.cookie === undefined ? undefined : readSessionToken(request);
    if (token === undefined) return admit(request, null, done);
    resumeSession(db, token, clock()).then((user) => admit(request, user, done), done);
  });
}
