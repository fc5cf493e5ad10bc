import { Link } from 'react-router-dom';
import type { BlogPost } from '@/content/types.gen.ts';
import { refusalMessage, type Permission } from '@/domain/team-permissions.ts';
import { formatDate } from '../ui/dates.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { PostPreview } from './post-preview.tsx';
import { valuesFromPost } from './post-form-values.ts';
import styles from './post-form.module.css';

interface ReadOnlyPostProps {
  post: BlogPost;
  /** The permission the member's role lacks to change this post. */
  missing: Permission;
}

/**
 * A post the signed-in member may read but not change, reached by its address: why (the permission their role
 * lacks), who wrote it, and the post as readers see it. No field and no save button: the server would refuse them.
 */
export function ReadOnlyPost({ post, missing }: ReadOnlyPostProps) {
  const { role } = useAdminSession().user;
  return (
    <div className={styles.form}>
      <Alert tone="info">
        <p>You can read this post but not change it. {refusalMessage(role, missing)}</p>
        <p>
          <Link to="/admin/posts">Back to the posts</Link>
        </p>
      </Alert>
      <dl className={styles.facts} aria-label="About this post">
        <div>
          <dt>Author</dt>
          <dd>{post.author}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={post.status} publishedAt={post.publishedAt} />
          </dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>{formatDate(post.updatedAt)}</dd>
        </div>
      </dl>
      <PostPreview values={valuesFromPost(post)} />
    </div>
  );
}
