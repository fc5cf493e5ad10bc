import { createContext, useContext } from 'react';
import type { AdminUser } from '@/api/auth/get-me.ts';
import { missingPostPermission, type PostOwnership } from '@/domain/post-change.ts';
import { can, type Permission } from '@/domain/team-permissions.ts';

export interface AdminSession {
  user: AdminUser;
  signOut: () => void;
  signingOut: boolean;
  signOutError: Error | null;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The signed-in admin and the way to sign out; only pages inside the session gate use it. */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession is used outside the admin session gate');
  return session;
}

/** Whether the signed-in member's role has the permission: what the admin shows is what the server allows. */
export function useCan(permission: Permission): boolean {
  return can(useAdminSession().user.role, permission);
}

/** The permission the signed-in member lacks to change or delete this post, or null: the server's own rule. */
export function useMissingPostPermission(post: PostOwnership): Permission | null {
  const { user } = useAdminSession();
  return missingPostPermission({ id: user._id, role: user.role }, post);
}
