import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminUser, SignInLinkSent, TwoFactorRequired } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { addressLimitKey } from '../http/address-limit-key.ts';
import {
  claimSignInLink,
  countMailedLinks,
  countNetworkRequestsSince,
  findSignInLink,
  insertSignInLink,
} from './sign-in-link-store.ts';
import { emailKey, findUserByEmail, findUserById } from './users.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { setDeviceCookie } from './device-cookie.ts';
import type { AuthSettings } from './log-in.ts';
import { startPendingSignIn } from './pending-sign-in.ts';

/** Where sign-in links point, and the worker that sends them; null when SMTP_URL is not set. */
export interface SignInLinkSending {
  origin: string;
  brandName: string;
  mail: { wake(): void } | null;
}

export const signInLinkLifetimeMs = 15 * 60 * 1000;
/** Requests count towards the limits for an hour, whether the address is a member's or not. */
export const signInLinkWindowMs = 60 * 60 * 1000;
/** Links mailed to one address in the window before a new one waits until none of them works any more. */
export const maxSignInLinkMailsPerAddress = 3;
/** Requests from one network (an IPv4 /24, an IPv6 /64) in the window, for any addresses: past them, 429. */
export const maxSignInLinksPerNetwork = 10;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const expiryFormat = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'UTC' });

function tooManyFromNetwork(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    `Too many sign-in links were asked for from your network in the last hour: wait ${Math.ceil(retryAfterSeconds / 60)} minutes, then ask again, or use the last link sent.`,
    [],
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Queues a one-time sign-in link to `email` when it is a member's, and answers the same whether it is or not
 * (docs/decisions/0033). Only the requester's network is limited (429): a limit that others could spend for the
 * address would lock its member out. Per address only the mailing is throttled: past a few links an hour, a new one
 * is mailed only once none of those mailed still works, at most one per link's lifetime, so the member always has
 * a working link or gets one. The sign-in throttle does not apply: this is the way in while it refuses passwords.
 */
export async function requestSignInLink(
  auth: AuthSettings,
  sending: SignInLinkSending,
  email: string,
  ip: string,
): Promise<SignInLinkSent> {
  // A setting of this server, not a fault of the moment: 409, so that no client takes it for an outage to retry.
  if (sending.mail === null) {
    throw new HttpError(
      409,
      'This server cannot send e-mail (SMTP_URL is not set), so it cannot send sign-in links: wait until signing in ' +
        'with the password works again, or ask the person who runs the server.',
    );
  }
  const now = auth.clock();
  const key = emailKey(email);
  const network = addressLimitKey(ip, 'network');
  const since = new Date(now.getTime() - signInLinkWindowMs).toISOString();
  const fromNetwork = await countNetworkRequestsSince(auth.db, network, since);
  if (fromNetwork.count >= maxSignInLinksPerNetwork && fromNetwork.oldest !== null) {
    const reopensAt = Date.parse(fromNetwork.oldest) + signInLinkWindowMs;
    throw tooManyFromNetwork(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
  }
  // Looked up for every address alike, so that a member's address takes no longer to answer than another.
  const [found, mailed] = await Promise.all([
    findUserByEmail(auth.db, key),
    countMailedLinks(auth.db, key, since, now.toISOString()),
  ]);
  const mailNow = mailed.mailed < maxSignInLinkMailsPerAddress || mailed.working === 0;
  const user = mailNow ? found : undefined;
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + signInLinkLifetimeMs);
  const row = {
    id,
    email_key: key,
    ip: network,
    user_id: user?.id ?? null,
    token_hash: user === undefined ? null : hashToken(token),
    requested_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    used_at: null,
  };
  await auth.db.transaction().execute(async (trx) => {
    await insertSignInLink(trx, row);
    if (user === undefined) return;
    const text = [
      `Someone, probably you, asked for a link to sign in to the admin of ${sending.brandName} as ${user.email}.`,
      '',
      'Open this link to sign in; if you turned on two-factor sign-in, your app’s code is asked for next:',
      `${sending.origin}/admin/sign-in-link/${token}`,
      '',
      `The link works once, until ${expiryFormat.format(expiresAt)} UTC, in the browser where you open it.`,
      '',
      'If you did not ask for it, ignore this e-mail: nothing happens without the link, and your password stays as it is.',
    ].join('\n');
    await enqueueMail(
      trx,
      { to: [user.email], subject: `Your sign-in link for ${sending.brandName}`, text, about: `sign-in-link:${id}` },
      now,
    );
  });
  sending.mail.wake();
  return {
    message:
      `If ${key} belongs to a member of the team, a sign-in link is on its way to it, or one sent in the last 15 ` +
      'minutes still works: open the newest. A link works once, for 15 minutes.',
  };
}

/**
 * Signs in with a link, once: the browser becomes a trusted device of the account (the device cookie), so that the
 * sign-in throttle's limits from elsewhere no longer apply to it; with two-factor sign-in on, the code is asked for
 * next, as after a password. 404 for a link never issued, 410 for a used or expired one.
 */
export async function signInWithLink(
  auth: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<AdminUser | TwoFactorRequired> {
  const now = auth.clock();
  const link = await findSignInLink(auth.db, hashToken(token));
  if (link === undefined || link.user_id === null) {
    throw new HttpError(404, 'This sign-in link is not valid: check that it was copied whole, or ask for a new one.');
  }
  const used = () => new HttpError(410, 'This sign-in link has been used already: ask for a new one.');
  if (link.used_at !== null) throw used();
  if (Date.parse(link.expires_at) <= now.getTime()) {
    throw new HttpError(410, 'This sign-in link has expired (links work for 15 minutes): ask for a new one.');
  }
  if (!(await claimSignInLink(auth.db, link.id, now.toISOString()))) throw used();
  const user = await findUserById(auth.db, link.user_id);
  if (user === undefined) throw new HttpError(410, 'This sign-in link’s account no longer exists.');
  if (user.totp_secret === null) return completeSignIn(auth, request, reply, user);
  setDeviceCookie(request, reply, auth.keys.signing, emailKey(user.email));
  await startPendingSignIn(auth.db, request, reply, auth.keys.signing, user.id, now);
  return { twoFactorRequired: true };
}
