import type { Insertable, Kysely, Selectable } from 'kysely';
import { termSlug } from '../../src/domain/term-slug.ts';
import type { Database, UserTable } from '../store/schema.ts';

export type User = Selectable<UserTable>;

/** Every member of the team, the owner first, then by name. */
export async function listTeam(db: Kysely<Database>): Promise<User[]> {
  const users = await db.selectFrom('users').selectAll().orderBy('name').orderBy('email').execute();
  return users.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

/** E-mail addresses are compared case-insensitively. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', emailKey(email)).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const { total } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * A URL name for the author page of someone called `name` that no other user has: ada-lovelace, ada-lovelace-2…
 * The user `exceptUserId`, when renamed, may keep their own.
 */
export async function freeAuthorSlug(db: Kysely<Database>, name: string, exceptUserId?: string): Promise<string> {
  const base = termSlug(name) || 'author';
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('slug')
        .where('slug', 'like', `${base}%`)
        .$if(exceptUserId !== undefined, (query) => query.where('id', '<>', exceptUserId!))
        .execute()
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
  return slug;
}

/** Adds a user, with an author page's name made from theirs. */
export async function insertUser(db: Kysely<Database>, user: Omit<Insertable<UserTable>, 'slug'>): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: emailKey(user.email), slug: await freeAuthorSlug(db, user.name) })
    .execute();
}

/** Sets a new password hash and ends every session of the user, in one transaction. */
/** A new password ends every session of the user, but the one that changed it (by its public id), if any. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  updatedAt: string,
  keptSessionId?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: updatedAt })
      .where('id', '=', userId)
      .execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keptSessionId !== undefined) sessions = sessions.where('id', '<>', keptSessionId);
    await sessions.execute();
  });
}

/** Upgrades the stored hash to the current cost without ending sessions (the password did not change). */
export async function rehashPassword(db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordSignIn(db: Kysely<Database>, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
}
