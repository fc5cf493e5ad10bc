import { useEndOtherSessions } from '@/api/auth/end-other-sessions.ts';
import { useEndSession } from '@/api/auth/end-session.ts';
import { useSessions } from '@/api/auth/list-sessions.ts';
import { Alert } from '../ui/alert.tsx';
import { describeBrowser } from './describe-browser.ts';
import { formatTime } from '../ui/dates.ts';
import styles from './security.module.css';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';

/** Where the admin is signed in, with a way to end any session but this one, or all of them at once. */
export function SessionsSection() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section className={styles.panel} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Where you are signed in</h2>
      {sessions.isPending && <p role="status">Loading sessions…</p>}
      {sessions.error && (
        <Alert>
          <p>The sessions could not be loaded: {sessions.error.message}</p>
        </Alert>
      )}
      {(endSession.error ?? endOthers.error) && (
        <Alert>
          <p>The session was not ended: {(endSession.error ?? endOthers.error)!.message}</p>
        </Alert>
      )}
      {endOthers.data && (
        <Alert tone="success">
          <p>
            Signed out of {endOthers.data.ended} other session{endOthers.data.ended === 1 ? '' : 's'}.
          </p>
        </Alert>
      )}
      {sessions.data && (
        <ScrollRegion className={styles.tableWrap} aria-label="Your sessions">
          <table className={styles.table}>
            <caption className="visually-hidden">Your sessions, newest first</caption>
            <TableHead columns={['Browser', 'Address', 'Signed in', 'Last seen']} actions="Actions" />
            <tbody>
              {sessions.data.map((session) => (
                <tr key={session._id}>
                  <td className={styles.browser}>{describeBrowser(session.userAgent)}</td>
                  <td>{session.address ?? '—'}</td>
                  <td>{formatTime(session.createdAt)}</td>
                  <td>{formatTime(session.lastSeenAt)}</td>
                  <td>
                    {session.current ? (
                      <strong>This browser</strong>
                    ) : (
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={endSession.isPending}
                        onClick={() => endSession.mutate(session._id)}
                      >
                        End
                        <span className="visually-hidden"> the session signed in {formatTime(session.createdAt)}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={others === 0 || endOthers.isPending}
        onClick={() => endOthers.mutate()}
      >
        Sign out everywhere else
      </button>
    </section>
  );
}
