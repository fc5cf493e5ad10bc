import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressLimitKey } from '../http/address-limit-key.ts';
import type { Database } from '../store/schema.ts';

/**
 * Caps on the e-mails that anyone can make the newsletter send to an address they type: confirmation links and "you
 * are subscribed" notes. Past a cap the signup is answered as any other, and nothing is mailed (decision 0032).
 */
export interface SignupMailCaps {
  /** For the whole site, all instances together (SIGNUP_MAILS_PER_HOUR). */
  perHour: number;
  /** From one network, an IPv4 /24 or an IPv6 /64 (SIGNUP_MAILS_PER_NETWORK). */
  perNetwork: number;
}

/** A busy day's signups after a post is shared widely stay under these; a script typing strangers' addresses does not. */
export const defaultSignupMailCaps: SignupMailCaps = { perHour: 100, perNetwork: 10 };

export const signupMailWindowMs = 60 * 60 * 1000;

/** The network the caps count a requester under: an IPv4 address's /24, an IPv6 address's /64. */
export function signupNetwork(address: string): string {
  return addressLimitKey(address, 'network');
}

const networkKey = (key: Buffer, address: string): string =>
  createHmac('sha256', key)
    .update(`signup-network:${signupNetwork(address)}`)
    .digest('base64url');

async function mailsSince(db: Kysely<Database>, since: string, network?: string): Promise<number> {
  let query = db
    .selectFrom('signup_mails')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('sent_at', '>', since);
  if (network !== undefined) query = query.where('network', '=', network);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * Takes one mail of the caps for a request from `address`, in the caller's transaction: true and counted when both
 * caps allow it, false (nothing counted) when either is reached. Counted in the database, so that every instance
 * shares the caps; requests at the very same moment on two instances may pass a cap by one each.
 */
export async function takeSignupMail(
  trx: Kysely<Database>,
  key: Buffer,
  address: string,
  caps: SignupMailCaps,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - signupMailWindowMs).toISOString();
  const network = networkKey(key, address);
  if ((await mailsSince(trx, since)) >= caps.perHour) return false;
  if ((await mailsSince(trx, since, network)) >= caps.perNetwork) return false;
  await trx.insertInto('signup_mails').values({ id: randomUUID(), network, sent_at: now.toISOString() }).execute();
  return true;
}

/** Forgets the mails counted before the caps' window: retention runs it. */
export async function pruneSignupMails(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('signup_mails')
    .where('sent_at', '<=', new Date(now.getTime() - signupMailWindowMs).toISOString())
    .execute();
}
