import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fastestHumanMs, fastestPressMs } from '../../src/domain/form-timing.ts';

export { fastestHumanMs, fastestPressMs };
/** A token older than this belongs to a page left open too long, or was kept to be replayed. */
export const formTokenLifetimeMs = 24 * 60 * 60 * 1000;

export type FormTokenVerdict = 'valid' | 'missing' | 'forged' | 'too-fast' | 'stale';

const signature = (key: Buffer, form: string, issuedAt: number, nonce: string | undefined): string =>
  createHmac('sha256', key)
    .update(nonce === undefined ? `${form}.${issuedAt}` : `${form}.${issuedAt}.${nonce}`)
    .digest('base64url');

/**
 * `{issuedAt}.{nonce}.{HMAC}`: says when the form was shown, and that this server said so. The random nonce makes
 * each token its own: tokens are single-use, and two pages shown in the same millisecond must not share one.
 */
export function issueFormToken(key: Buffer, form: string, now: Date): string {
  const issuedAt = now.getTime();
  const nonce = randomBytes(12).toString('base64url');
  return `${issuedAt}.${nonce}.${signature(key, form, issuedAt, nonce)}`;
}

/** How a used token is kept, to be refused the next time: its hash. */
export const formTokenKey = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function checkFormToken(
  key: Buffer,
  form: string,
  token: string | undefined,
  now: Date,
  fastestMs = fastestHumanMs,
): FormTokenVerdict {
  if (token === undefined || token === '') return 'missing';
  // Tokens issued before the nonce (`{issuedAt}.{HMAC}`) stay good for their lifetime.
  const match = /^(\d{1,15})(?:\.([A-Za-z0-9_-]{16}))?\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'forged';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(key, form, issuedAt, match[2]));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return 'forged';
  const age = now.getTime() - issuedAt;
  if (age < fastestMs) return 'too-fast';
  if (age > formTokenLifetimeMs) return 'stale';
  return 'valid';
}
