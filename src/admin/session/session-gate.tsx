import { useState, type ReactNode } from 'react';
import { useMe, type AdminUser } from '@/api/auth/get-me.ts';
import { useLogOut } from '@/api/auth/log-out.ts';
import { Alert } from '../ui/alert.tsx';
import { AdminSessionContext } from './admin-session.ts';
import { SessionEndedDialog } from './session-ended-dialog.tsx';
import { SignInScreen } from './sign-in-screen.tsx';
import { useSignOutOnUnauthorized } from './use-sign-out-on-unauthorized.ts';
import styles from './sign-in.module.css';

/**
 * Shows its children only to a signed-in admin, otherwise the sign-in form. When the session ends while the
 * admin works, the children stay mounted (and inert) under a sign-in dialog; signing out on purpose leaves them.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const me = useMe();
  const logOut = useLogOut();
  useSignOutOnUnauthorized();
  // The admin of this visit, kept after a session ends by surprise so that their page can stay.
  const [admin, setAdmin] = useState<AdminUser | null>(null);
  const user = me.data ?? null;
  if (user && user !== admin) setAdmin(user);

  if (!admin && !user) {
    if (me.isPending) {
      return (
        <main className={styles.screen}>
          <p role="status">Checking your sign-in…</p>
        </main>
      );
    }
    if (me.isError) {
      return (
        <main className={styles.screen}>
          <div className={styles.card}>
            <Alert>
              <p>{me.error.message}</p>
            </Alert>
            <button type="button" className="button" onClick={() => void me.refetch()}>
              Try again
            </button>
          </div>
        </main>
      );
    }
    return <SignInScreen />;
  }

  const session = {
    user: user ?? admin!,
    signOut: () => logOut.mutate(undefined, { onSuccess: () => setAdmin(null) }),
    signingOut: logOut.isPending,
    signOutError: logOut.error,
  };
  return (
    <AdminSessionContext value={session}>
      <div inert={!user} className={styles.gated}>
        {children}
      </div>
      {!user && <SessionEndedDialog />}
    </AdminSessionContext>
  );
}
