import type { BlogPost } from '@/content/types.gen.ts';
import styles from './status-badge.module.css';

const labels: Record<BlogPost['status'], string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

export function StatusBadge({ status }: { status: BlogPost['status'] }) {
  return (
    <span className={styles.badge} data-status={status}>
      <span className="visually-hidden">Status: </span>
      {labels[status]}
    </span>
  );
}
