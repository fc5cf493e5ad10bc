import { Form, useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@/content/types.gen.ts';
import { useAudit } from '@/api/audit/list-audit.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { formatTime } from '../ui/dates.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import styles from '../posts/posts-page.module.css';
import { actionLabels, actions } from './audit-labels.ts';
import { AuditTarget } from './audit-target.tsx';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';

const pageSize = 50;

function actionFromSearch(value: string | null): AuditEntry['action'] | undefined {
  return actions.find((action) => action === value);
}

/** /admin/activity: the audit log, newest first, by action and by who acted. */
export function ActivityPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const action = actionFromSearch(searchParams.get('action'));
  const actor = searchParams.get('actor')?.trim() || undefined;
  const { data, error, isPending, isPlaceholderData } = useAudit({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    action,
    actor,
  });

  return (
    <>
      <PageHeader title="Activity" />
      <Form method="get" role="search" className={styles.filters} aria-label="Filter the activity">
        <label>
          <span>Action</span>
          <select name="action" defaultValue={action ?? ''} key={action}>
            <option value="">All actions</option>
            {actions.map((each) => (
              <option key={each} value={each}>
                {actionLabels[each]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Who (e-mail address)</span>
          <input type="search" name="actor" defaultValue={actor} key={actor} />
        </label>
        <button type="submit" className="button button-secondary">
          Show activity
        </button>
      </Form>
      {isPending && <p role="status">Loading the activity…</p>}
      {error && (
        <Alert>
          <p>The activity could not be loaded: {error.message}</p>
        </Alert>
      )}
      {data && data.entries.length === 0 && <p>Nothing recorded matches.</p>}
      {data && data.entries.length > 0 && (
        <ScrollRegion className={styles.tableWrap} aria-busy={isPlaceholderData} aria-label="Activity entries">
          <table className={styles.table}>
            <caption className="visually-hidden">Activity found: {data.total}, newest first</caption>
            <TableHead columns={['When', 'Who', 'What', 'On', 'From', 'Outcome']} />
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry._id}>
                  <td>{formatTime(entry.at)}</td>
                  <td>{entry.actor ?? 'Unknown account'}</td>
                  <th scope="row">{actionLabels[entry.action]}</th>
                  <td>
                    <AuditTarget entry={entry} />
                  </td>
                  <td>{entry.address ?? '—'}</td>
                  <td>{entry.outcome === 'success' ? 'Done' : <strong>Failed</strong>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data && <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} label="Activity pages" />}
    </>
  );
}
