import type { Kysely } from 'kysely';
import type { WorkQueue } from '../http/work-queue.ts';
import type { Database } from '../store/schema.ts';
import { emailKey, findUserByEmail, rehashPassword, type User } from './users.ts';
import type { AuthKeys } from './auth-keys.ts';
import { admitLoginAttempt, forgiveAccount } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface AuthSettings {
  db: Kysely<Database>;
  clock: () => Date;
  /** log2 of scrypt's N for new hashes. */
  passwordCost: number;
  keys: AuthKeys;
  /** The name authenticator apps show beside the account. */
  issuer: string;
  /** Every password hashed or checked for a request waits its turn here. */
  passwords: WorkQueue;
}

export interface Credentials {
  email: string;
  password: string;
  ip: string;
  /** The trusted device the attempt comes from (device cookie), or null. */
  deviceId: string | null;
}

export type LoginResult =
  | { outcome: 'password-accepted'; user: User }
  | { outcome: 'rejected'; user: User | undefined }
  | { outcome: 'throttled'; retryAfterSeconds: number };

const decoyHashes = new Map<number, Promise<string>>();

/** Unknown e-mails are checked against a decoy hash so that they take as long as a wrong password. */
function decoyHash(cost: number): Promise<string> {
  let hash = decoyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('decoy password that matches no account', cost);
    decoyHashes.set(cost, hash);
  }
  return hash;
}

/** Checks a password against its stored hash in the password queue (503 when the queue is full). */
export function queuedVerifyPassword(auth: AuthSettings, password: string, encoded: string) {
  return auth.passwords.run(() => verifyPassword(password, encoded, auth.passwordCost));
}

/** Hashes a new password in the password queue (503 when the queue is full). */
export function queuedHashPassword(auth: AuthSettings, password: string): Promise<string> {
  return auth.passwords.run(() => hashPassword(password, auth.passwordCost));
}

/** Checks the e-mail and password under the sign-in throttle; the caller then asks for a second factor or signs in. */
export async function checkPassword(auth: AuthSettings, credentials: Credentials): Promise<LoginResult> {
  const { db, clock, passwordCost } = auth;
  const now = clock();
  const attempt = { emailKey: emailKey(credentials.email), ip: credentials.ip, now, deviceId: credentials.deviceId };
  const retryAfterSeconds = await admitLoginAttempt(db, attempt);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };

  const user = await findUserByEmail(db, credentials.email);
  const { valid, needsRehash } = await queuedVerifyPassword(
    auth,
    credentials.password,
    user?.password_hash ?? (await decoyHash(passwordCost)),
  );
  if (!user || !valid) return { outcome: 'rejected', user };

  await forgiveAccount(db, attempt.emailKey);
  if (needsRehash) await rehashPassword(db, user.id, await queuedHashPassword(auth, credentials.password));
  return { outcome: 'password-accepted', user };
}
