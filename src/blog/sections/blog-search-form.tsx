import { searchResultsId } from '@/blog/search/search-results-heading.tsx';
import styles from './blog-search-form.module.css';

/**
 * A plain GET form to /blog?q=…: it works before scripts load, and without them. The address ends at the results'
 * heading, so the browser lands on the results instead of the top of the page.
 */
export function BlogSearchForm({ query }: { query: string }) {
  return (
    <form role="search" method="get" action={`/blog#${searchResultsId}`} className={styles.form}>
      <label htmlFor="blog-search">Search the blog</label>
      <div className={styles.row}>
        <input id="blog-search" type="search" name="q" defaultValue={query} maxLength={200} />
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
  );
}
