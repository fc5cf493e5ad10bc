import { can, refusalMessage, type Permission } from '../../src/domain/team-permissions.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import type { SignedInUser } from './sessions.ts';

// A refusal depends on who asks: no cache may keep it for someone else.
const uncacheable = { 'cache-control': 'no-store' };

/** 403 naming the permission the user's role lacks, and what it is for. */
export function permissionRefusal(user: SignedInUser, permission: Permission, details: ErrorDetail[] = []): HttpError {
  return new HttpError(403, refusalMessage(user.role, permission), details, uncacheable);
}

/**
 * Refuses (403) unless the user's role has the permission: for checks that depend on what is acted on (another
 * person's post, publishing), which the guard cannot see from the route alone.
 */
export function requirePermission(user: SignedInUser, permission: Permission, details: ErrorDetail[] = []): void {
  if (!can(user.role, permission)) throw permissionRefusal(user, permission, details);
}
