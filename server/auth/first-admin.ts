import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { countUsers, findUserByEmail, insertUser, replacePasswordHash } from './users.ts';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

export interface FirstAdminSettings {
  /** ADMIN_EMAIL and ADMIN_PASSWORD: both or neither. */
  email?: string;
  password?: string;
  /** Domain of the address made up when neither is set, e.g. northbeam.example. */
  defaultDomain: string;
  /** The name shown as the author of the admin's posts. */
  name: string;
  passwordCost: number;
  now: Date;
  /** Shows a made-up password to the operator once. Never the logger: logs are kept and shipped. */
  announce: (message: string) => void;
}

/** Returns false when another server instance, starting at the same time, created the user first. */
async function createAdmin(
  db: Kysely<Database>,
  settings: FirstAdminSettings,
  email: string,
  password: string,
): Promise<boolean> {
  const now = settings.now.toISOString();
  try {
    await insertUser(db, {
      id: randomUUID(),
      email,
      name: settings.name,
      // The first admin owns the site, unless another owner exists (a database from before roles keeps its own).
      role: (await countUsers(db)) === 0 ? 'owner' : 'administrator',
      password_hash: await hashPassword(password, settings.passwordCost),
      created_at: now,
      updated_at: now,
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Makes sure an admin can sign in: the one of ADMIN_EMAIL/ADMIN_PASSWORD (created, or given the password when it
 * changed), or, with neither set and no user at all, a new admin with a random password announced once.
 */
export async function ensureFirstAdmin(db: Kysely<Database>, settings: FirstAdminSettings): Promise<void> {
  const { email, password } = settings;
  if (email === undefined && password === undefined) {
    if ((await countUsers(db)) > 0) return;
    const madeUpEmail = `admin@${settings.defaultDomain}`;
    const madeUpPassword = randomBytes(18).toString('base64url');
    if (!(await createAdmin(db, settings, madeUpEmail, madeUpPassword))) return;
    settings.announce(
      `Created the admin account ${madeUpEmail} with the password ${madeUpPassword}\n` +
        `It is shown only this once: change it with \`npm run admin -- set-password ${madeUpEmail}\`, ` +
        'or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    );
    return;
  }
  if (!email || !password) throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  const problem = passwordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);

  const user = await findUserByEmail(db, email);
  if (!user) {
    await createAdmin(db, settings, email, password);
    return;
  }
  const { valid } = await verifyPassword(password, user.password_hash, settings.passwordCost);
  if (!valid) {
    await replacePasswordHash(
      db,
      user.id,
      await hashPassword(password, settings.passwordCost),
      settings.now.toISOString(),
    );
  }
}
