import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { sharedKey } from '../store/server-secrets.ts';

export interface AuthKeys {
  /** Signs device cookies and pending two-factor sign-ins. */
  signing: Buffer;
  /** Encrypts TOTP secrets at rest. */
  encryption: Buffer;
}

export async function loadAuthKeys(db: Kysely<Database>): Promise<AuthKeys> {
  return { signing: await sharedKey(db, 'signing'), encryption: await sharedKey(db, 'totp-encryption') };
}

/** HMAC-SHA256 of the parts; `purpose` keeps a signature made for one use from passing for another. */
export function sign(key: Buffer, purpose: string, ...parts: string[]): string {
  return createHmac('sha256', key)
    .update([purpose, ...parts].join('\n'))
    .digest('base64url');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
