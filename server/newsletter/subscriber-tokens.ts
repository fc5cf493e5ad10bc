import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's signed links. A confirmation link names the subscriber and the moment it was signed, which the
 * subscriber's row keeps until it is used: only the last link sent confirms, once, for 48 hours. An unsubscribe link
 * names the subscriber only, so that it works from every message ever sent, without a sign-in or a cookie.
 */

export const confirmationLifetimeMs = 48 * 60 * 60 * 1000;

const sign = (key: Buffer, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

const sameSignature = (expected: string, given: string): boolean =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

const idPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export function confirmationToken(key: Buffer, subscriberId: string, signedAt: Date): string {
  const at = signedAt.getTime();
  return `${subscriberId}.${at}.${sign(key, `confirm.${subscriberId}.${at}`)}`;
}

/** The subscriber and signing moment of a confirmation token this server made, or null for any other text. */
export function readConfirmationToken(
  key: Buffer,
  token: string | undefined,
): { subscriberId: string; signedAt: Date } | null {
  const match = new RegExp(`^(${idPattern})\\.(\\d{1,15})\\.([A-Za-z0-9_-]{43})$`).exec(token ?? '');
  if (!match) return null;
  const [, subscriberId, at, signature] = match as unknown as [string, string, string, string];
  if (!sameSignature(sign(key, `confirm.${subscriberId}.${at}`), signature)) return null;
  return { subscriberId, signedAt: new Date(Number(at)) };
}

export function unsubscribeToken(key: Buffer, subscriberId: string): string {
  return `${subscriberId}.${sign(key, `unsubscribe.${subscriberId}`)}`;
}

/** The subscriber an unsubscribe token of this server names, or null. */
export function readUnsubscribeToken(key: Buffer, token: string | undefined): string | null {
  const match = new RegExp(`^(${idPattern})\\.([A-Za-z0-9_-]{43})$`).exec(token ?? '');
  if (!match) return null;
  const [, subscriberId, signature] = match as unknown as [string, string, string];
  return sameSignature(sign(key, `unsubscribe.${subscriberId}`), signature) ? subscriberId : null;
}
