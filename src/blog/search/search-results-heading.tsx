import { useEffect, useRef } from 'react';
import styles from './search-results-heading.module.css';

/** The address a search lands on: the results' heading, which the browser scrolls to even before the app starts. */
export const searchResultsId = 'search-results';

function headingText(query: string, total: number | undefined): string {
  if (total === undefined) return `Searching for “${query}”…`;
  if (total === 0) return `No posts match “${query}”.`;
  return `${total === 1 ? '1 post matches' : `${total} posts match`} “${query}”.`;
}

/**
 * The heading of a search's results. A search reloads the page, so once the app runs it takes the focus (unless the
 * visitor has already moved it), and a screen reader reads the number of results where the results start.
 */
export function SearchResultsHeading({ query, total }: { query: string; total: number | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    if (!element || (document.activeElement && document.activeElement !== document.body)) return;
    // Focusing scrolls the heading into view, where the address's #search-results has not already put it.
    element.focus();
  }, [query]);
  return (
    <div className={styles.summary}>
      <h3 id={searchResultsId} ref={heading} tabIndex={-1} className={styles.heading}>
        {headingText(query, total)}
      </h3>
      <a href="/blog">Show all posts</a>
    </div>
  );
}
