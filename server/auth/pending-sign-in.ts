import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { claimPendingSignIn, findPendingSignInUser, insertPendingSignIn } from './pending-sign-in-store.ts';
import type { Database } from '../store/schema.ts';
import { sign, signatureMatches } from './auth-keys.ts';
import { readCookie } from './read-cookie.ts';

/**
 * Between a right password and the second factor, the browser holds a short-lived signed cookie naming a pending
 * sign-in stored in the database; it is no session, opens nothing but POST /api/auth/2fa/verify, and the first
 * code that completes it uses it up.
 */
const httpsName = '__Host-northbeam_pending';
const httpName = 'northbeam_pending';
export const pendingLifetimeMs = 5 * 60 * 1000;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? httpsName : httpName;
}

export interface PendingSignIn {
  nonce: string;
  userId: string;
}

export async function startPendingSignIn(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  userId: string,
  now: Date,
): Promise<void> {
  const nonce = randomBytes(24).toString('base64url');
  const expires = String(now.getTime() + pendingLifetimeMs);
  await insertPendingSignIn(db, {
    nonce,
    userId,
    expiresAt: new Date(Number(expires)).toISOString(),
    now: now.toISOString(),
  });
  reply.setCookie(cookieName(request), `${nonce}.${expires}.${sign(key, 'pending', nonce, expires)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: pendingLifetimeMs / 1000,
  });
}

export function clearPendingCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/** The pending sign-in the request's cookie names, while it lasts and is not used up; otherwise null. */
export async function findPendingSignIn(
  db: Kysely<Database>,
  request: FastifyRequest,
  key: Buffer,
  now: Date,
): Promise<PendingSignIn | null> {
  const value = readCookie(request, cookieName(request));
  const [nonce, expires, signature, ...rest] = value?.split('.') ?? [];
  if (!nonce || !expires || !signature || rest.length > 0) return null;
  if (!signatureMatches(sign(key, 'pending', nonce, expires), signature)) return null;
  if (Number(expires) <= now.getTime()) return null;
  const userId = await findPendingSignInUser(db, nonce, now.toISOString());
  return userId === undefined ? null : { nonce, userId };
}

/** Uses the pending sign-in up: true only for the first caller. */
export function usePendingSignIn(db: Kysely<Database>, pending: PendingSignIn): Promise<boolean> {
  return claimPendingSignIn(db, pending.nonce);
}
