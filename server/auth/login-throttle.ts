import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import {
  countFailuresSince,
  deleteAccountFailures,
  deleteFailuresBefore,
  deleteLoginFailure,
  insertLoginFailure,
  type FailureCount,
} from '../store/login-failures.ts';

export const throttleWindowMs = 15 * 60 * 1000;
export const maxFailuresPerAccount = 5;
export const maxFailuresPerAddress = 20;

export interface LoginAttempt {
  emailKey: string;
  ip: string;
  now: Date;
}

function secondsUntilBelowLimit({ count, oldest }: FailureCount, limit: number, now: Date): number {
  if (count <= limit || oldest === null) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest) + throttleWindowMs - now.getTime()) / 1000));
}

/**
 * Counts the attempt as a failure before the password is checked and returns 0, or returns the seconds to wait
 * when the account or the address is over its limit (the attempt is then not counted). Counting first keeps
 * parallel guesses from all passing the check before any of them is recorded; checking before the password
 * means that a guesser learns nothing once the limit is reached, not even from the right password.
 */
export async function admitLoginAttempt(db: Kysely<Database>, { emailKey, ip, now }: LoginAttempt): Promise<number> {
  const windowStart = new Date(now.getTime() - throttleWindowMs).toISOString();
  await deleteFailuresBefore(db, windowStart);
  const id = randomUUID();
  await insertLoginFailure(db, { id, email_key: emailKey, ip, failed_at: now.toISOString() });
  const [account, address] = await Promise.all([
    countFailuresSince(db, 'email_key', emailKey, windowStart),
    countFailuresSince(db, 'ip', ip, windowStart),
  ]);
  const retryAfterSeconds = Math.max(
    secondsUntilBelowLimit(account, maxFailuresPerAccount, now),
    secondsUntilBelowLimit(address, maxFailuresPerAddress, now),
  );
  if (retryAfterSeconds > 0) await deleteLoginFailure(db, id);
  return retryAfterSeconds;
}

/** A successful sign-in forgives the account's earlier failures, the attempt itself included. */
export async function forgiveAccount(db: Kysely<Database>, emailKey: string): Promise<void> {
  await deleteAccountFailures(db, emailKey);
}
