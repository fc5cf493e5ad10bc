import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useListPosts } from '@/api/blog/list-posts.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { AdminPostCard } from './admin-post-card.tsx';
import { DashboardNoticeAlert } from './dashboard-notice.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { StatusFilter, statusFromSearch } from './status-filter.tsx';
import styles from './dashboard.module.css';

const pageSize = 12;

/** /admin: every post, or those of the status in ?status=, newest first, a page at a time, with a way to add one. */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const status = statusFromSearch(searchParams.get('status'));
  const { data, error, isPending, refetch } = useListPosts({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    status,
  });
  const [deletedTitle, setDeletedTitle] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The Delete button went with its card: focus goes back to the top of the page, where the notice is.
  const onDeleted = (post: BlogPost) => {
    setDeletedTitle(post.title);
    headingRef.current?.focus();
  };

  let content;
  if (isPending) {
    content = <p role="status">Loading posts…</p>;
  } else if (error) {
    content = (
      <Alert>
        <p>The posts could not be loaded: {error.message}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else if (data.posts.length === 0) {
    content =
      page > 1 ? (
        <p>
          There are no posts on this page.{' '}
          <Link to={status === 'all' ? '/admin' : `/admin?status=${status}`}>Go to the first page</Link>.
        </p>
      ) : (
        <p className={styles.empty}>{status === 'all' ? 'No blog posts available.' : 'No posts with this status.'}</p>
      );
  } else {
    content = (
      <>
        <ul className={styles.grid}>
          {data.posts.map((post) => (
            <li key={post._id}>
              <AdminPostCard post={post} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} label="Dashboard pages" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        headingRef={headingRef}
        actions={
          <Link to="/admin/blog/new" className="button">
            Add post
          </Link>
        }
      />
      <DashboardNoticeAlert />
      <ReviewQueue />
      {deletedTitle && (
        <Alert tone="success">
          <p>“{deletedTitle}” was deleted.</p>
        </Alert>
      )}
      <StatusFilter current={status} />
      {content}
    </>
  );
}
