import { Link } from 'react-router-dom';
import type { ListPostsParams } from '@/api/blog/list-posts.ts';
import styles from './dashboard.module.css';

export type StatusFilterValue = NonNullable<ListPostsParams['status']>;

// In a post's life order; Published is live only, a post dated later is Scheduled (as the API means them).
const filters: { value: StatusFilterValue; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

/** The status in the address (?status=), so that a filtered list can be linked, reloaded and used without script. */
export function statusFromSearch(value: string | null): StatusFilterValue {
  return filters.find((filter) => filter.value === value)?.value ?? 'all';
}

/** Links to the dashboard for each status; the current one is marked. */
export function StatusFilter({ current }: { current: StatusFilterValue }) {
  return (
    <nav aria-label="Filter posts by status">
      <ul className={styles.filters}>
        {filters.map(({ value, label }) => (
          <li key={value}>
            <Link
              to={value === 'all' ? '/admin' : `/admin?status=${value}`}
              aria-current={value === current ? 'page' : undefined}
              className={styles.filter}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
