import type { Kysely, Selectable } from 'kysely';
import type { TeamRole } from '../../src/content/types.gen.ts';
import type { Database, SessionTable } from '../store/schema.ts';

export type Session = Selectable<SessionTable>;

export interface SessionWithUser extends Session {
  email: string;
  name: string;
  role: TeamRole;
}

export async function insertSession(db: Kysely<Database>, session: Session): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSessionWithUser(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.id',
      'sessions.user_agent',
      'sessions.address',
      'users.email',
      'users.name',
      'users.role',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Removes sessions idle since `idleBefore` or created before `createdBefore`. */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  idleBefore: string,
  createdBefore: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();
}

/** The user's sessions, newest first. */
export async function listUserSessions(db: Kysely<Database>, userId: string): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one of the user's sessions by its public id; false when the user has none with that id. */
export async function deleteUserSession(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user but the one whose public id is kept; returns how many ended. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: string, keptId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keptId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
