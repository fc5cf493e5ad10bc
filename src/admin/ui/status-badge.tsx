import type { BlogPost } from '@/content/types.gen.ts';
import { isScheduledAt } from '@/domain/post-visibility.ts';
import { formatDate } from './dates.ts';
import styles from './status-badge.module.css';

const labels: Record<BlogPost['status'], string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

interface StatusBadgeProps {
  status: BlogPost['status'];
  /** The post's date: a published post dated later shows as scheduled for it. */
  publishedAt?: string | null;
}

export function StatusBadge({ status, publishedAt = null }: StatusBadgeProps) {
  const scheduled = isScheduledAt({ status, publishedAt }, new Date());
  return (
    <span className={styles.badge} data-status={scheduled ? 'scheduled' : status}>
      <span className="visually-hidden">Status: </span>
      {scheduled && publishedAt ? `Scheduled · ${formatDate(publishedAt)}` : labels[status]}
    </span>
  );
}
