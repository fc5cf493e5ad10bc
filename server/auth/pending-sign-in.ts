import type { FastifyReply, FastifyRequest } from 'fastify';
import { sign, signatureMatches } from './auth-keys.ts';
import { readCookie } from './read-cookie.ts';

/**
 * Between a right password and the second factor, the browser holds a short-lived signed cookie naming the user;
 * it is no session and opens nothing but POST /api/auth/2fa/verify.
 */
const httpsName = '__Host-northbeam_pending';
const httpName = 'northbeam_pending';
export const pendingLifetimeMs = 5 * 60 * 1000;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? httpsName : httpName;
}

export function setPendingCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  userId: string,
  now: Date,
): void {
  const expires = String(now.getTime() + pendingLifetimeMs);
  reply.setCookie(cookieName(request), `${userId}.${expires}.${sign(key, 'pending', userId, expires)}`, {
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

/** The user whose password was accepted, while the pending sign-in lasts; otherwise null. */
export function pendingUserId(request: FastifyRequest, key: Buffer, now: Date): string | null {
  const value = readCookie(request, cookieName(request));
  const [userId, expires, signature, ...rest] = value?.split('.') ?? [];
  if (!userId || !expires || !signature || rest.length > 0) return null;
  if (!signatureMatches(sign(key, 'pending', userId, expires), signature)) return null;
  return Number(expires) > now.getTime() ? userId : null;
}
