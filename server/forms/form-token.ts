import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A form sent sooner than this after it was shown was filled in by a program, not a person. */
export const fastestHumanMs = 3_000;
/** A token older than this belongs to a page left open too long, or was kept to be replayed. */
export const formTokenLifetimeMs = 24 * 60 * 60 * 1000;

export type FormTokenVerdict = 'valid' | 'missing' | 'forged' | 'too-fast' | 'stale';

const signature = (key: Buffer, form: string, issuedAt: number): string =>
  createHmac('sha256', key).update(`${form}.${issuedAt}`).digest('base64url');

/** `{issuedAt}.{HMAC}`: says when the form was shown, and that this server said so. */
export function issueFormToken(key: Buffer, form: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(key, form, issuedAt)}`;
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
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'forged';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(key, form, issuedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return 'forged';
  const age = now.getTime() - issuedAt;
  if (age < fastestMs) return 'too-fast';
  if (age > formTokenLifetimeMs) return 'stale';
  return 'valid';
}
