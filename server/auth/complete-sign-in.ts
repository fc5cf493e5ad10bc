import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminUser } from '../../src/content/types.gen.ts';
import { recordAudit } from '../audit/index.ts';
import { clientAddress } from '../http/client-address.ts';
import { emailKey, recordSignIn, type User } from './users.ts';
import { setDeviceCookie } from './device-cookie.ts';
import type { AuthSettings } from './log-in.ts';
import { readSessionToken, setSessionCookie } from './session-cookie.ts';
import { endSession, startSession } from './sessions.ts';

/** Every factor passed: a new session (the old one ended), a new device token, and the audit entry. */
export async function completeSignIn(
  auth: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<AdminUser> {
  const now = auth.clock();
  const previousToken = readSessionToken(request);
  if (previousToken !== undefined) await endSession(auth.db, previousToken);
  const userAgent = request.headers['user-agent'] ?? null;
  const address = clientAddress(request);
  const token = await startSession(auth.db, user.id, now, { userAgent, address });
  setSessionCookie(request, reply, token);
  setDeviceCookie(request, reply, auth.keys.signing, emailKey(user.email));
  await recordSignIn(auth.db, user.id, now.toISOString());
  await recordAudit(auth.db, { at: now, actor: user.email, action: 'sign-in', address });
  return { _id: user.id, name: user.name, email: user.email, role: user.role };
}
