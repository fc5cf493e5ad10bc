import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TeamRole } from '../../src/content/types.gen.ts';
import type { Database } from '../store/schema.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './session-store.ts';

export const sessionIdleMs = 8 * 60 * 60 * 1000;
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Recording activity at most once a minute keeps reads from turning into writes. */
const touchIntervalMs = 60 * 1000;

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: TeamRole;
  /** The public id of the session the request came with. */
  sessionId: string;
}

/** What the admin sees to recognise a session. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

// Enough to recognise a browser; a longer header is only noise in the list.
const maxUserAgentLength = 300;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Starts a session for the user; returns the token for the cookie (only its hash is stored). */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  origin: SessionOrigin = { userAgent: null, address: null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredSessions(
    db,
    new Date(now.getTime() - sessionIdleMs).toISOString(),
    new Date(now.getTime() - sessionLifetimeMs).toISOString(),
  );
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    id: randomUUID(),
    user_agent: origin.userAgent?.slice(0, maxUserAgentLength) ?? null,
    address: origin.address,
  });
  return token;
}

/** The user of a live session, or null when the token is unknown, idle too long or too old. */
export async function resumeSession(db: Kysely<Database>, token: string, now: Date): Promise<SignedInUser | null> {
  const tokenHash = hashToken(token);
  const session = await findSessionWithUser(db, tokenHash);
  if (!session) return null;
  const lastSeen = Date.parse(session.last_seen_at);
  const expired =
    now.getTime() - lastSeen >= sessionIdleMs || now.getTime() - Date.parse(session.created_at) >= sessionLifetimeMs;
  if (expired) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - lastSeen >= touchIntervalMs) await touchSession(db, tokenHash, now.toISOString());
  return { id: session.user_id, email: session.email, name: session.name, role: session.role, sessionId: session.id };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}
