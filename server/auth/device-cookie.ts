import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sign, signatureMatches } from './auth-keys.ts';
import { readCookie } from './read-cookie.ts';

/**
 * OWASP's device cookies: a browser that signed in to an account holds a token signed for that account, and its
 * attempts are throttled on their own, never by failures that come from elsewhere.
 */
const httpsName = '__Host-northbeam_device';
const httpName = 'northbeam_device';
const lifetimeSeconds = 365 * 24 * 60 * 60;

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? httpsName : httpName;
}

/** The id of the device when the request carries a device cookie signed for this account; otherwise null. */
export function trustedDeviceId(request: FastifyRequest, key: Buffer, emailKey: string): string | null {
  const value = readCookie(request, cookieName(request));
  const [deviceId, signature, ...rest] = value?.split('.') ?? [];
  if (!deviceId || !signature || rest.length > 0) return null;
  return signatureMatches(sign(key, 'device', emailKey, deviceId), signature) ? deviceId : null;
}

/** A new device token at every sign-in, as OWASP advises. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, key: Buffer, emailKey: string): void {
  const deviceId = randomBytes(16).toString('base64url');
  reply.setCookie(cookieName(request), `${deviceId}.${sign(key, 'device', emailKey, deviceId)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: lifetimeSeconds,
  });
}
