import { Link } from 'react-router-dom';
import styles from '@/sections/post-list/post-list.module.css';

/** Page links that work without JavaScript (?page=2). */
export function ArchivePagination({
  basePath,
  page,
  pageCount,
}: {
  basePath: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (target: number) => (target === 1 ? basePath : `${basePath}?page=${target}`);
  return (
    <nav className={styles.pagination} aria-label="Archive pages">
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          ← Newer posts
        </Link>
      )}
      <ol>
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((target) => (
          <li key={target}>
            <Link to={href(target)} aria-current={target === page ? 'page' : undefined} aria-label={`Page ${target}`}>
              {target}
            </Link>
          </li>
        ))}
      </ol>
      {page < pageCount && (
        <Link to={href(page + 1)} rel="next">
          Older posts →
        </Link>
      )}
    </nav>
  );
}
