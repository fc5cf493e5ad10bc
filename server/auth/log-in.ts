import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { emailKey, findUserByEmail, rehashPassword } from '../store/users.ts';
import { admitLoginAttempt, forgiveAccount } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { startSession, type SignedInUser } from './sessions.ts';

export interface AuthSettings {
  db: Kysely<Database>;
  clock: () => Date;
  /** log2 of scrypt's N for new hashes. */
  passwordCost: number;
}

export interface Credentials {
  email: string;
  password: string;
  ip: string;
}

export type LoginResult =
  | { outcome: 'signed-in'; user: SignedInUser; token: string }
  | { outcome: 'rejected' }
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

export async function logIn({ db, clock, passwordCost }: AuthSettings, credentials: Credentials): Promise<LoginResult> {
  const now = clock();
  const attempt = { emailKey: emailKey(credentials.email), ip: credentials.ip, now };
  const retryAfterSeconds = await admitLoginAttempt(db, attempt);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };

  const user = await findUserByEmail(db, credentials.email);
  const { valid, needsRehash } = await verifyPassword(
    credentials.password,
    user?.password_hash ?? (await decoyHash(passwordCost)),
    passwordCost,
  );
  if (!user || !valid) return { outcome: 'rejected' };

  await forgiveAccount(db, attempt.emailKey);
  if (needsRehash) await rehashPassword(db, user.id, await hashPassword(credentials.password, passwordCost));
  const token = await startSession(db, user.id, now);
  return { outcome: 'signed-in', user: { id: user.id, email: user.email, name: user.name }, token };
}
