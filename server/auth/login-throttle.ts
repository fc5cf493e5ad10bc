import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import {
  clearAccountFailures,
  countAccountFailuresSince,
  countAddressFailuresSince,
  deleteFailuresBefore,
  recordLoginFailure,
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

function secondsUntilWindowPasses({ count, oldest }: FailureCount, limit: number, now: Date): number {
  if (count < limit || oldest === null) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest) + throttleWindowMs - now.getTime()) / 1000));
}

/**
 * Seconds to wait before this account or address may try again, or 0. Checked before the password, so that
 * a guesser learns nothing from the answer once the limit is reached, not even for the right password.
 */
export async function loginRetryAfter(db: Kysely<Database>, { emailKey, ip, now }: LoginAttempt): Promise<number> {
  const windowStart = new Date(now.getTime() - throttleWindowMs).toISOString();
  await deleteFailuresBefore(db, windowStart);
  const [account, address] = await Promise.all([
    countAccountFailuresSince(db, emailKey, windowStart),
    countAddressFailuresSince(db, ip, windowStart),
  ]);
  return Math.max(
    secondsUntilWindowPasses(account, maxFailuresPerAccount, now),
    secondsUntilWindowPasses(address, maxFailuresPerAddress, now),
  );
}

export async function recordFailedLogin(db: Kysely<Database>, { emailKey, ip, now }: LoginAttempt): Promise<void> {
  await recordLoginFailure(db, emailKey, ip, now.toISOString());
}

/** A successful sign-in forgives the account's earlier failures (typos are common; guessers never get here). */
export async function forgiveAccount(db: Kysely<Database>, emailKey: string): Promise<void> {
  await clearAccountFailures(db, emailKey);
}
