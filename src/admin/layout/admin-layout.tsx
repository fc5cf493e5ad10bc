import { Outlet, useMatch } from 'react-router-dom';
import { SessionGate } from '../session/session-gate.tsx';
import { Sidebar } from './sidebar.tsx';
import styles from './admin-layout.module.css';

/**
 * Every admin page: the sign-in gate, then the sidebar beside the page. Search engines are kept out. An invitation's
 * page is for someone who has no account yet, and a sign-in link's for someone signing in: they stand alone, outside
 * the gate.
 */
export function AdminLayout() {
  const invitation = useMatch('/admin/invitations/:token');
  const signInLink = useMatch('/admin/sign-in-link/:token');
  if (invitation || signInLink) return <Outlet />;
  return (
    <SessionGate>
      <meta name="robots" content="noindex, nofollow" />
      <div className={styles.shell}>
        <a className="skip-link" href="#admin-main">
          Skip to content
        </a>
        <Sidebar />
        <main id="admin-main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </SessionGate>
  );
}
