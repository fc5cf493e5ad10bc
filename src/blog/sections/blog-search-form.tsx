import styles from './blog-search-form.module.css';

/** A plain GET form to /blog?q=…: it works before scripts load, and without them. */
export function BlogSearchForm({ query, total }: { query: string; total?: number }) {
  return (
    <form role="search" method="get" action="/blog" className={styles.form}>
      <label htmlFor="blog-search">Search the blog</label>
      <div className={styles.row}>
        <input id="blog-search" type="search" name="q" defaultValue={query} maxLength={200} />
        <button type="submit" className="button">
          Search
        </button>
      </div>
      {total !== undefined && (
        <p role="status" className={styles.summary}>
          {total === 1 ? '1 post matches' : `${total} posts match`} “{query}”. <a href="/blog">Show all posts</a>
        </p>
      )}
    </form>
  );
}
