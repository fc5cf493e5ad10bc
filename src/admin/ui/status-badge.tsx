import type { BlogPost } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import styles from './status-badge.module.css';

const labels: Record<BlogPost['status'], string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

/** A published post dated in the future: readers see it only from that date. */
export function isScheduled(status: BlogPost['status'], publishedAt: string | null, now = Date.now()): boolean {
  if (status !== 'published' || !publishedAt) return false;
  const time = Date.parse(publishedAt);
  return !Number.isNaN(time) && time > now;
}

interface StatusBadgeProps {
  status: BlogPost['status'];
  /** The post's date: a published post dated later shows as scheduled for it. */
  publishedAt?: string | null;
}

export function StatusBadge({ status, publishedAt = null }: StatusBadgeProps) {
  const scheduled = isScheduled(status, publishedAt);
  return (
    <span className={styles.badge} data-status={scheduled ? 'scheduled' : status}>
      <span className="visually-hidden">Status: </span>
      {scheduled && publishedAt ? `Scheduled · ${formatDate(publishedAt)}` : labels[status]}
    </span>
  );
}
