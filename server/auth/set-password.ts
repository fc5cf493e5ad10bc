import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { findUserByEmail, replacePasswordHash } from './users.ts';
import { hashPassword, passwordProblem } from './password.ts';

export interface PasswordChange {
  email: string;
  password: string;
  passwordCost: number;
  now: Date;
}

/** Gives the user a new password and ends all of the user's sessions. Throws with a message a person can act on. */
export async function setPassword(db: Kysely<Database>, change: PasswordChange): Promise<void> {
  const problem = passwordProblem(change.password);
  if (problem) throw new Error(problem);
  const user = await findUserByEmail(db, change.email);
  if (!user) throw new Error(`No user has the e-mail address ${change.email}.`);
  const hash = await hashPassword(change.password, change.passwordCost);
  await replacePasswordHash(db, user.id, hash, change.now.toISOString());
}
