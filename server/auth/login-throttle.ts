import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressLimitKey } from '../http/address-limit-key.ts';
import type { Database } from '../store/schema.ts';
import {
  countFailuresSince,
  countUntrustedFailuresSince,
  deleteAccountFailures,
  deleteFailuresBefore,
  deleteLoginFailure,
  insertLoginFailure,
  type FailureCount,
} from './login-failures.ts';

export const throttleWindowMs = 15 * 60 * 1000;
/** Untrusted devices only: failures for the account from anywhere. */
export const maxFailuresPerAccount = 10;
export const maxFailuresPerAccountAndAddress = 5;
export const maxFailuresPerAddress = 20;
/** A trusted device: its own failures, and nothing else. */
export const maxFailuresPerDevice = 5;
/**
 * Untrusted attempts from every address together: addresses that rotate (a botnet, or a proxy that passes the
 * client's X-Forwarded-For on) cannot buy unlimited guesses. Trusted devices are not counted, so the owner still
 * signs in during such a flood.
 */
export const maxFailuresOverall = 100;

export interface LoginAttempt {
  emailKey: string;
  ip: string;
  now: Date;
  /** The device cookie's id when the browser signed in to this account before; its failures are its own. */
  deviceId: string | null;
}

/**
 * When the overall limit last refused an attempt, per database: for a second after, untrusted attempts are refused
 * from memory. A flood from rotating addresses then costs no database writes per attempt (thousands a second would
 * otherwise hold up every other request); other instances sharing the database learn the same from their own count.
 */
const overallRefusals = new WeakMap<Kysely<Database>, { checkedAt: number; reopensAt: number }>();
const overallRefusalMemoryMs = 1000;

function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

function secondsUntilBelowLimit({ count, oldest }: FailureCount, limit: number, now: Date): number {
  if (count <= limit || oldest === null) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest) + throttleWindowMs - now.getTime()) / 1000));
}

/**
 * Counts the attempt as a failure before the password is checked and returns 0, or returns the seconds to wait
 * when a limit is reached (the attempt is then not counted). Counting first keeps parallel guesses from all
 * passing the check before any of them is recorded; checking before the password means that a guesser learns
 * nothing once the limit is reached, not even from the right password.
 *
 * A trusted device is limited by its own failures only, so that nobody elsewhere can lock its owner out; every
 * other attempt is limited per account, per account and address, per address, and all of them together.
 */
export async function admitLoginAttempt(
  db: Kysely<Database>,
  { emailKey, ip: address, now, deviceId }: LoginAttempt,
): Promise<number> {
  // Counted per limit key: an IPv6 client's whole /64 is one address to these limits.
  const ip = addressLimitKey(address);
  const remembered = deviceId === null ? overallRefusals.get(db) : undefined;
  if (
    remembered &&
    now.getTime() < remembered.checkedAt + overallRefusalMemoryMs &&
    now.getTime() < remembered.reopensAt
  ) {
    return secondsUntil(remembered.reopensAt, now);
  }
  const windowStart = new Date(now.getTime() - throttleWindowMs).toISOString();
  await deleteFailuresBefore(db, windowStart);
  const id = randomUUID();
  await insertLoginFailure(db, { id, email_key: emailKey, ip, failed_at: now.toISOString(), device_id: deviceId });
  const wait = (count: Promise<FailureCount>, limit: number) =>
    count.then((counted) => secondsUntilBelowLimit(counted, limit, now));
  let retryAfterSeconds: number;
  if (deviceId !== null) {
    retryAfterSeconds = await wait(countFailuresSince(db, { device_id: deviceId }, windowStart), maxFailuresPerDevice);
  } else {
    const [account, accountAndAddress, address, overall] = await Promise.all([
      wait(countFailuresSince(db, { email_key: emailKey }, windowStart), maxFailuresPerAccount),
      wait(countFailuresSince(db, { email_key: emailKey, ip }, windowStart), maxFailuresPerAccountAndAddress),
      wait(countFailuresSince(db, { ip }, windowStart), maxFailuresPerAddress),
      wait(countUntrustedFailuresSince(db, windowStart), maxFailuresOverall),
    ]);
    retryAfterSeconds = Math.max(account, accountAndAddress, address, overall);
    if (overall > 0) {
      overallRefusals.set(db, { checkedAt: now.getTime(), reopensAt: now.getTime() + overall * 1000 });
    }
  }
  if (retryAfterSeconds > 0) await deleteLoginFailure(db, id);
  return retryAfterSeconds;
}

/** A successful sign-in forgives the account's earlier failures, the attempt itself included. */
export async function forgiveAccount(db: Kysely<Database>, emailKey: string): Promise<void> {
  await deleteAccountFailures(db, emailKey);
}
