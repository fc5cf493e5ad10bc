import { Link } from '@/ui/site-router/link.tsx';
import { useAbsoluteUrl } from '@/ui/origin.ts';
import styles from './page-links.module.css';

/**
 * Links to the pages of a list (newer, each page, older) that work without JavaScript, and the same neighbours as
 * `rel="prev"` and `rel="next"` links in the document's head (React lifts them there).
 */
export function PageLinks({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  /** The address of a page, from 1. */
  href: (page: number) => string;
  /** What the navigation is named for assistive technology, such as "Blog pages". */
  label: string;
}) {
  const previousUrl = useAbsoluteUrl(href(Math.max(1, page - 1)));
  const nextUrl = useAbsoluteUrl(href(page + 1));
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pageLinks} aria-label={label}>
      {page > 1 && <link rel="prev" href={previousUrl} />}
      {page < pageCount && <link rel="next" href={nextUrl} />}
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
