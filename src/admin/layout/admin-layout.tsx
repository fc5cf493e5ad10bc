import { Outlet } from 'react-router-dom';
import { SessionGate } from '../session/session-gate.tsx';
import { Sidebar } from './sidebar.tsx';
import styles from './admin-layout.module.css';

/** Every admin page: the sign-in gate, then the sidebar beside the page. Search engines are kept out. */
export function AdminLayout() {
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
