import { Link, useLocation } from 'react-router-dom';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  label: string;
}

/** Page links that keep the address's other parameters (status, search) and work without JavaScript. */
export function Pagination({ page, pageCount, label }: PaginationProps) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          ← Previous
        </Link>
      )}
      <span className={styles.position}>
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link to={href(page + 1)} rel="next">
          Next →
        </Link>
      )}
    </nav>
  );
}
