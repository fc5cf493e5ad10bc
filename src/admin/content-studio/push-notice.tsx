import { useContentStatus } from '@/api/content-studio/get-content-status.ts';
import { formatDate } from '@/ui/format-date.ts';
import { Alert } from '../ui/alert.tsx';

/** Shown at most: the rest are counted. */
const listed = 5;

/** Saves this server made that its remote does not have yet, and why the last push failed (never a credential). */
export function PushNotice() {
  const { data } = useContentStatus();
  if (!data || (data.unpushed.length === 0 && !data.pushError)) return null;
  const { unpushed, pushError, branch, remote } = data;
  const where = remote ? `${branch ?? 'its branch'} of ${remote}` : (branch ?? 'the remote');
  const count = unpushed.length === 1 ? '1 change waits' : `${unpushed.length} changes wait`;
  return (
    <Alert tone="info">
      {unpushed.length > 0 ? (
        <>
          <p>
            <strong>
              {count} to be pushed to {where}:
            </strong>{' '}
            {unpushed.length === 1 ? 'it is' : 'they are'} live on this server, but not yet in the repository.
          </p>
          <ul>
            {unpushed.slice(0, listed).map((change) => (
              <li key={change.commit}>
                {change.message.split('\n')[0]} ({change.author}, {formatDate(change.at)},{' '}
                <code>{change.commit.slice(0, 7)}</code>)
              </li>
            ))}
            {unpushed.length > listed && <li>and {unpushed.length - listed} more</li>}
          </ul>
        </>
      ) : (
        <p>
          <strong>The server cannot reach {where}.</strong>
        </p>
      )}
      {pushError && (
        <p>
          The last push failed on {formatDate(pushError.at)} at {pushError.at.slice(11, 16)} UTC: {pushError.message}
        </p>
      )}
      <p>
        The server tries again by itself, and at each save. If this stays, ask whoever runs the server to check{' '}
        <code>CONTENT_GIT_REMOTE</code> and its credentials (“Content studio” in the README).
      </p>
    </Alert>
  );
}
