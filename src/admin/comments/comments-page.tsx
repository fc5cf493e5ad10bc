import { useRef, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router-dom';
import { useComments } from '@/api/comments/list-comments.ts';
import type { CommentStatus } from '@/content/types.gen.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { useCan } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import tableStyles from '../posts/posts-page.module.css';
import { BulkBar } from './bulk-bar.tsx';
import { CommentItem } from './comment-item.tsx';
import { countComments, statusFromSearch, statusLabels } from './comment-labels.ts';
import { CommentTabs, tabAddress } from './comment-tabs.tsx';
import { useModeration } from './use-moderation.ts';
import styles from './comments.module.css';

const pageSize = 20;

const emptyTab: Record<CommentStatus, string> = {
  pending: 'No comment waits for moderation.',
  approved: 'No comment is approved yet.',
  spam: 'No comment is held as spam.',
  trash: 'The trash is empty.',
};

/** /admin/comments: the moderation queue, one tab per status, searched and paged in the address. */
export function CommentsPage() {
  const [searchParams] = useSearchParams();
  const status = statusFromSearch(searchParams.get('status'));
  const q = searchParams.get('q')?.trim().slice(0, 200) ?? '';
  const page = pageFromSearch(searchParams.get('page'));
  const { data, error, isPending, isPlaceholderData } = useComments({
    status,
    q: q || undefined,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const comments = data?.comments ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const moderation = useModeration(comments, heading);
  // The server sends the addresses only to roles that handle leads.
  const seesEmail = useCan('leads');
  const seesLeads = useCan('leads');
  // A selection belongs to the list it was made in: another tab, search or page starts with none.
  const view = searchParams.toString();
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<string> }>({ view, ids: new Set() });
  const selectedIds = selection.view === view ? selection.ids : new Set<string>();
  const selected = comments.filter((comment) => selectedIds.has(comment._id));
  const select = (ids: string[], chosen: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (chosen) next.add(id);
      else next.delete(id);
    }
    setSelection({ view, ids: next });
  };
  const { notice } = moderation;

  return (
    <>
      <PageHeader title="Comments" headingRef={heading} />
      <CommentTabs current={status} q={q} />
      <Form method="get" role="search" className={tableStyles.filters} aria-label="Search the comments" key={view}>
        {status !== 'pending' && <input type="hidden" name="status" value={status} />}
        <label>
          <span>Words in names{seesEmail ? ', e-mail addresses' : ''} or texts</span>
          <input type="search" name="q" defaultValue={q} maxLength={200} />
        </label>
        <button type="submit" className="button">
          Search
        </button>
        {q && (
          <Link to={tabAddress(status, '')} className="button button-secondary">
            Clear the search
          </Link>
        )}
      </Form>
      <div className={styles.notice}>
        <div role="status">{notice && <p>{notice.message}</p>}</div>
        {notice?.undo && (
          <button type="button" className="button button-secondary" onClick={moderation.undo}>
            Undo
          </button>
        )}
        {notice?.leadId && seesLeads && (
          <Link to={`/admin/inbox/${encodeURIComponent(notice.leadId)}`}>Open the new lead in the Inbox</Link>
        )}
      </div>
      {moderation.problem && (
        <Alert>
          <p>{moderation.problem}</p>
        </Alert>
      )}
      {isPending && <p role="status">Loading the comments…</p>}
      {error && (
        <Alert>
          <p>The comments could not be loaded: {error.message}</p>
        </Alert>
      )}
      {data && comments.length === 0 && page > 1 && data.total > 0 && (
        <p>
          Nothing is left on this page. <Link to={tabAddress(status, q)}>Go to the first page</Link>.
        </p>
      )}
      {data && data.total === 0 && <p>{q ? 'No comment matches this search.' : emptyTab[status]}</p>}
      {data && comments.length > 0 && (
        <>
          <p className={styles.summary}>
            {countComments(data.total)}
            {q ? ' match' : ''}, newest first.
          </p>
          <BulkBar
            status={status}
            shown={comments.length}
            selected={selected.length}
            onSelectAll={(chosen) =>
              select(
                comments.map((comment) => comment._id),
                chosen,
              )
            }
            onAction={(action) => moderation.actOnMany(selected, action, status)}
            busy={moderation.busy}
          />
          <ul className={styles.list} aria-busy={isPlaceholderData} aria-label={`${statusLabels[status]} comments`}>
            {comments.map((comment) => (
              <li key={comment._id}>
                <CommentItem
                  comment={comment}
                  selected={selectedIds.has(comment._id)}
                  onSelect={(chosen) => select([comment._id], chosen)}
                  onAction={(action) => moderation.act(comment, action)}
                  onTurnIntoEnquiry={() => moderation.turnIntoEnquiry(comment)}
                  onReplied={() => moderation.replied(comment)}
                  busy={moderation.busy}
                  seesEmail={seesEmail}
                  seesLeads={seesLeads}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {data && <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} label="Comment pages" />}
    </>
  );
}
