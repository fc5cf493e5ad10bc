import { Link } from 'react-router-dom';
import { useDeletePost } from '@/api/blog/delete-post.ts';
import { postSummary } from '@/domain/post-summary.ts';
import type { BlogPost } from '@/content/types.gen.ts';
import { formatDate } from '../ui/dates.ts';
import { useMissingPostPermission } from '../session/admin-session.ts';
import { StatusBadge } from '../ui/status-badge.tsx';
import styles from './admin-post-card.module.css';

const deleteQuestion = 'Are you sure you want to delete this blog?';

interface AdminPostCardProps {
  post: BlogPost;
  onDeleted: (post: BlogPost) => void;
}

/** One post on the dashboard: what readers see of it, its status, and Edit and Delete, or Read for a post the role cannot change. */
export function AdminPostCard({ post, onDeleted }: AdminPostCardProps) {
  const deletion = useDeletePost();
  const mayChange = useMissingPostPermission(post) === null;
  const titleId = `post-${post._id}-title`;

  const confirmAndDelete = () => {
    if (!window.confirm(deleteQuestion)) return;
    deletion.mutate(post._id, {
      onSuccess: () => onDeleted(post),
      onError: (error) => console.error('Error deleting blog', error),
    });
  };

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {post.coverImage ? (
        <img className={styles.cover} src={post.coverImage} alt="" width={1200} height={630} loading="lazy" />
      ) : (
        <div className={styles.cover} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <div className={styles.meta}>
          <StatusBadge status={post.status} publishedAt={post.publishedAt} />
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>}
          {post.reviewRequestedAt && <span>Waiting for review</span>}
        </div>
        <h2 id={titleId} className={styles.title}>
          {post.title}
        </h2>
        <p className={styles.summary}>{postSummary(post)}</p>
        {post.categories.length > 0 && (
          <p className={styles.categories}>
            <span className="visually-hidden">Categories: </span>
            {post.categories.join(' · ')}
          </p>
        )}
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        {deletion.error && (
          <p role="alert" className={styles.error}>
            The post was not deleted: {deletion.error.message}
          </p>
        )}
        <div className={styles.actions}>
          <Link to={`/admin/blog/edit/${post._id}`} className="button button-secondary">
            {mayChange ? 'Edit' : 'Read'}
          </Link>
          {mayChange && (
            <button
              type="button"
              className={`button ${styles.delete}`}
              onClick={confirmAndDelete}
              disabled={deletion.isPending}
            >
              {deletion.isPending ? 'Deleting…' : 'Delete'}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
