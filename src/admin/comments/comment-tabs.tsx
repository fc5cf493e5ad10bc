import { Link } from 'react-router-dom';
import { useCommentCount } from '@/api/comments/list-comments.ts';
import type { CommentStatus } from '@/content/types.gen.ts';
import { commentStatuses, statusLabels } from './comment-labels.ts';
import styles from './comments.module.css';

/** The address of a tab, keeping the search. */
export function tabAddress(status: CommentStatus, q: string): string {
  const params = new URLSearchParams();
  if (status !== 'pending') params.set('status', status);
  if (q) params.set('q', q);
  const query = params.toString();
  return query ? `/admin/comments?${query}` : '/admin/comments';
}

function StatusTab({ status, current, q }: { status: CommentStatus; current: CommentStatus; q: string }) {
  const count = useCommentCount(status).data;
  return (
    <Link to={tabAddress(status, q)} aria-current={status === current ? 'page' : undefined} className={styles.tab}>
      {statusLabels[status]}
      {count !== undefined && (
        <>
          {' '}
          <span className={styles.count}>({count})</span>
        </>
      )}
    </Link>
  );
}

/** Links to the queue of each status, with how many each holds; the search goes along. */
export function CommentTabs({ current, q }: { current: CommentStatus; q: string }) {
  return (
    <nav aria-label="Comments by status">
      <ul className={styles.tabs}>
        {commentStatuses.map((status) => (
          <li key={status}>
            <StatusTab status={status} current={current} q={q} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
