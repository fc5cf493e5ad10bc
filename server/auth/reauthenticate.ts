import type { FastifyRequest } from 'fastify';
import { auditRequest, type AuditAction } from '../audit/index.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { emailKey, findUserById, type User } from './users.ts';
import { trustedDeviceId } from './device-cookie.ts';
import { signedInAdmin, signInRequired } from './guard.ts';
import { checkPassword, type AuthSettings } from './log-in.ts';
import { throttledSignIn } from './throttled.ts';

const field = '/currentPassword';

/**
 * Changes that would let a stolen session keep the account (two-factor sign-in, the password) ask for the password
 * again, under the same throttle as signing in. Refusals are 403, not 401: the session itself is still good.
 */
export async function confirmCurrentPassword(
  auth: AuthSettings,
  request: FastifyRequest,
  currentPassword: string | undefined,
  action: AuditAction,
): Promise<User> {
  const user = await findUserById(auth.db, signedInAdmin(request).id);
  if (!user) throw signInRequired();
  if (!currentPassword) {
    throw new HttpError(403, 'Enter your current password to make this change.', [
      { path: field, message: 'is required' },
    ]);
  }
  const key = emailKey(user.email);
  const result = await checkPassword(auth, {
    email: user.email,
    password: currentPassword,
    ip: clientAddress(request) ?? '',
    deviceId: trustedDeviceId(request, auth.keys.signing, key),
  });
  if (result.outcome === 'throttled') throw throttledSignIn(result.retryAfterSeconds);
  if (result.outcome === 'rejected') {
    await auditRequest(auth.db, request, auth.clock(), { action, target: 'current password', outcome: 'failure' });
    throw new HttpError(403, 'The current password is not right: nothing was changed.', [
      { path: field, message: 'is not right' },
    ]);
  }
  return user;
}
