import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HttpError } from '../http/errors.ts';
import { countFormPostsSince, deleteFormPostsBefore, insertFormPost } from './form-posts.ts';
import type { Database } from '../store/schema.ts';
import { formAddressKey } from './form-address.ts';
import { formTokenLifetimeMs } from './form-token.ts';

export interface FormLimit {
  /** Posts one address may make to one form within the window. */
  posts: number;
  windowMs: number;
}

/** A person sends a form once or twice; a few more allow for mistakes and a shared office address. */
export const defaultFormLimits: FormLimit[] = [
  { posts: 5, windowMs: 10 * 60 * 1000 },
  { posts: 20, windowMs: 24 * 60 * 60 * 1000 },
];

/** What the limits need: the database that counts, and the key of the senders' hashes. */
export interface FormCounter {
  db: Kysely<Database>;
  formKey: Buffer;
}

/**
 * 429 with Retry-After when the address (an IPv6 address's whole /64) has used up a limit; counted in the database,
 * so that every instance shares the limits. Checked before the body is read further and before anything is stored.
 */
export async function refuseOverLimit(
  { db, formKey }: FormCounter,
  form: string,
  address: string,
  now: Date,
  limits: FormLimit[] = defaultFormLimits,
): Promise<void> {
  const addressKey = formAddressKey(formKey, address);
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs).toISOString();
    const { count, oldest } = await countFormPostsSince(db, form, addressKey, since);
    if (count < limit.posts || oldest === null) continue;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + limit.windowMs - now.getTime()) / 1000));
    throw new HttpError(
      429,
      `Too many messages from your address: please wait ${waitInWords(retryAfter)} and send it again, or write to us by e-mail.`,
      [],
      { 'retry-after': String(retryAfter), 'cache-control': 'no-store' },
    );
  }
}

function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * Counts an accepted post (spam included), in the transaction that stores it, under its sender's hash and with the
 * hash of the valid form token it used (null when it had none): that token is used up.
 */
export async function countFormPost(
  db: Kysely<Database>,
  formKey: Buffer,
  post: { form: string; address: string; tokenKey: string | null },
  now: Date,
): Promise<void> {
  await insertFormPost(db, {
    id: randomUUID(),
    form: post.form,
    address: formAddressKey(formKey, post.address),
    posted_at: now.toISOString(),
    token: post.tokenKey,
  });
}

/**
 * Forgets posts older than the longest window, and than a token's life (a used token older than that is refused as
 * stale anyway). Returns how many it forgot.
 */
export async function pruneFormPosts(
  db: Kysely<Database>,
  now: Date,
  limits: FormLimit[] = defaultFormLimits,
): Promise<number> {
  const longest = Math.max(formTokenLifetimeMs, ...limits.map((limit) => limit.windowMs));
  return deleteFormPostsBefore(db, new Date(now.getTime() - longest).toISOString());
}
