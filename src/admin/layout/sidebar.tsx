import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useCommentCount } from '@/api/comments/list-comments.ts';
import { useNewLeadCount } from '@/api/leads/list-leads.ts';
import { site } from '@/content/site.ts';
import { useAdminSession, useCan } from '../session/admin-session.ts';
import styles from './admin-layout.module.css';

const links = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/posts', label: 'Posts', end: false },
  { to: '/admin/media', label: 'Media', end: false },
];

/**
 * The admin's navigation, who is signed in, and Log Out. On a phone the sections fold behind a Menu button that
 * names the current one, and open as a list of them all; a move to another section folds them again.
 */
export function Sidebar() {
  // The address the menu was opened at: it is open only while the person stays there.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const { pathname } = useLocation();
  const menuOpen = openAt === pathname;
  const menuId = useId();
  const { user, signOut, signingOut, signOutError } = useAdminSession();
  const seesLeads = useCan('leads');
  const newLeads = useNewLeadCount(seesLeads).data;
  const seesComments = useCan('comments');
  const pendingComments = useCommentCount('pending', seesComments).data;
  const seesActivity = useCan('security');
  const seesTeam = useCan('users:invite');
  const seesStats = useCan('admin');
  const seesAudience = useCan('audience');
  const seesContent = useCan('content');
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.item} ${styles.active}` : styles.item;
  return (
    <aside className={styles.sidebar}>
      <NavLink to="/admin" end className={styles.brand}>
        {site.brand.name} <span>admin</span>
      </NavLink>
      <nav aria-label="Admin">
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenAt(menuOpen ? null : pathname)}
        >
          Menu
          <span aria-hidden="true" className={styles.menuIcon} />
        </button>
        <ul id={menuId} className={styles.menu} data-open={menuOpen || undefined}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={navClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {seesContent && (
            <li>
              <NavLink to="/admin/pages" className={navClass}>
                Pages
              </NavLink>
            </li>
          )}
          {seesLeads && (
            <li>
              <NavLink to="/admin/inbox" className={navClass}>
                Inbox
                {newLeads !== undefined && newLeads > 0 && (
                  <span className={styles.badge}>
                    {newLeads}
                    <span className="visually-hidden"> new</span>
                  </span>
                )}
              </NavLink>
            </li>
          )}
          {seesAudience && (
            <li>
              <NavLink to="/admin/subscribers" className={navClass}>
                Subscribers
              </NavLink>
            </li>
          )}
          {seesComments && (
            <li>
              <NavLink to="/admin/comments" className={navClass}>
                Comments
                {pendingComments !== undefined && pendingComments > 0 && (
                  <>
                    {' '}
                    <span className={styles.badge}>
                      <span aria-hidden="true">{pendingComments}</span>
                      <span className="visually-hidden">
                        {pendingComments === 1 ? '1 comment waiting' : `${pendingComments} comments waiting`}
                      </span>
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          )}
          {seesStats && (
            <li>
              <NavLink to="/admin/stats" className={navClass}>
                Stats
              </NavLink>
            </li>
          )}
          {seesActivity && (
            <li>
              <NavLink to="/admin/activity" className={navClass}>
                Activity
              </NavLink>
            </li>
          )}
          {seesTeam && (
            <li>
              <NavLink to="/admin/users" className={navClass}>
                Users
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/admin/security" className={navClass}>
              Security
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/sections" className={navClass}>
              Sections
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className={styles.account}>
        <p className={styles.user}>
          Signed in as <strong>{user.name}</strong>
          <span>{user.email}</span>
        </p>
        <button type="button" className="button button-secondary" onClick={signOut} disabled={signingOut}>
          Log Out
        </button>
        {signOutError && (
          <p role="alert" className={styles.signOutError}>
            Could not sign out: {signOutError.message}
          </p>
        )}
      </div>
    </aside>
  );
}
