import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TeamRole } from '../../src/content/types.gen.ts';
import { singleLine } from '../../src/domain/single-line.ts';
import { roleNames, teamRoles } from '../../src/domain/team-permissions.ts';
import { isUniqueViolation } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { emailKey, insertUser } from './users.ts';
import { hashPassword, passwordProblem } from './password.ts';

export interface NewUser {
  email: string;
  password: string;
  /** Shown as the author of the user's posts. */
  name: string;
  /** Any role but owner: the site has one owner, its first admin. */
  role: string;
  passwordCost: number;
  now: Date;
}

// Enough to catch a slip of the keyboard; the address is never mailed.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const givenRoles = teamRoles.filter((role) => role !== 'owner');

/** The role named, or an error that names the roles there are. */
export function checkedRole(role: string): TeamRole {
  const found = givenRoles.find((candidate) => candidate === role);
  if (found !== undefined) return found;
  const names = givenRoles.join(', ');
  if (role === 'owner')
    throw new Error(`The site has one ${roleNames.owner.toLowerCase()}, its first admin: give one of ${names}.`);
  throw new Error(`"${role}" is not a role: give one of ${names}.`);
}

/** The display name on one line, as every single-line field is kept; the limit is the API's (100 characters). */
function checkedName(given: string): string {
  const name = singleLine(given);
  if (name === '') throw new Error('Give the name shown on their posts: it must not be blank.');
  if (name.length > 100) throw new Error(`The name is ${name.length} characters long: give at most 100.`);
  return name;
}

/** Adds another member of the team, and gives the name as stored. Throws with a message a person can act on. */
export async function addUser(db: Kysely<Database>, user: NewUser): Promise<{ name: string }> {
  const role = checkedRole(user.role);
  const name = checkedName(user.name);
  const email = emailKey(user.email);
  if (!emailShape.test(email) || email.length > 254) {
    throw new Error(`"${user.email}" is not an e-mail address: give one such as editor@example.com.`);
  }
  const problem = passwordProblem(user.password);
  if (problem) throw new Error(problem);
  const now = user.now.toISOString();
  try {
    await insertUser(db, {
      id: randomUUID(),
      email,
      name,
      role,
      password_hash: await hashPassword(user.password, user.passwordCost),
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Error(`A user with the e-mail address ${email} exists already: use set-password to change it.`);
    }
    throw error;
  }
  return { name };
}
