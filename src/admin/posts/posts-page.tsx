import { Form, Link, useSearchParams } from 'react-router-dom';
import { useListPosts, type ListPostsParams } from '@/api/blog/list-posts.ts';
import { pageFromSearch } from '@/ui/page-from-search.ts';
import { formatDate } from '../ui/dates.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import styles from './posts-page.module.css';
import { TableHead } from '../ui/table-head.tsx';

const pageSize = 20;
const statuses = ['all', 'draft', 'scheduled', 'published', 'archived'] as const;

function statusFromSearch(value: string | null): NonNullable<ListPostsParams['status']> {
  return statuses.find((status) => status === value) ?? 'all';
}

/** /admin/posts: every post in a table, to be found by status and by words of its title or summary. */
export function PostsPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const status = statusFromSearch(searchParams.get('status'));
  const q = searchParams.get('q')?.trim() ?? '';
  const { data, error, isPending, isPlaceholderData } = useListPosts({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    status,
    q,
  });

  return (
    <>
      <PageHeader
        title="Posts"
        actions={
          <Link to="/admin/blog/new" className="button">
            Add post
          </Link>
        }
      />
      <Form method="get" role="search" className={styles.filters} aria-label="Find posts">
        <label>
          <span>Words in the title or summary</span>
          <input type="search" name="q" defaultValue={q} key={q} />
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={status} key={status}>
            <option value="all">All statuses</option>
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
            <option value="archived">Archived</option>
          </select>
        </label>
        <button type="submit" className="button button-secondary">
          Show posts
        </button>
      </Form>
      {isPending && <p role="status">Loading posts…</p>}
      {error && (
        <Alert>
          <p>The posts could not be loaded: {error.message}</p>
        </Alert>
      )}
      {data && data.posts.length === 0 && <p>No posts match.</p>}
      {data && data.posts.length > 0 && (
        <div className={styles.tableWrap} aria-busy={isPlaceholderData}>
          <table className={styles.table}>
            <caption className="visually-hidden">Posts found: {data.total}, newest first</caption>
            <TableHead columns={['Title', 'Status', 'Published', 'Last changed']} actions="Actions" />
            <tbody>
              {data.posts.map((post) => (
                <tr key={post._id}>
                  <th scope="row">
                    <Link to={`/admin/blog/edit/${post._id}`}>{post.title}</Link>
                  </th>
                  <td>
                    <StatusBadge status={post.status} publishedAt={post.publishedAt} />
                  </td>
                  <td>{post.publishedAt ? formatDate(post.publishedAt) : '—'}</td>
                  <td>{formatDate(post.updatedAt)}</td>
                  <td>
                    <Link to={`/blogs/${post.slug}`}>
                      View<span className="visually-hidden"> “{post.title}”</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} label="Post pages" />}
    </>
  );
}
