import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import { Alert } from '../ui/alert.tsx';
import { postStats, type TermCount } from './post-stats.ts';
import styles from './stats-page.module.css';

interface TermListProps {
  id: string;
  title: string;
  terms: TermCount[];
  prefix?: string;
}

function TermList({ id, title, terms, prefix = '' }: TermListProps) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {terms.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ol className={styles.terms}>
          {terms.map(({ term, count }) => (
            <li key={term}>
              <span>
                {prefix}
                {term}
              </span>
              <span>
                {count} post{count === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface PostFiguresProps {
  posts: BlogPost[] | undefined;
  error: Error | null;
}

/** Figures from every post: per status, the latest publication, the most used tags and categories. */
export function PostFigures({ posts, error }: PostFiguresProps) {
  // Read once per visit: "now" moving during render would change the figures between renders.
  const [now] = useState(() => new Date());
  let body;
  if (error) {
    body = (
      <Alert>
        <p>The post figures could not be loaded: {error.message}</p>
      </Alert>
    );
  } else if (!posts) {
    body = <p role="status">Counting posts…</p>;
  } else {
    const stats = postStats(posts, now);
    const figures = [
      { label: 'Posts in all', value: stats.total },
      { label: 'Published', value: stats.byStatus.published },
      { label: 'Drafts', value: stats.byStatus.draft },
      { label: 'Archived', value: stats.byStatus.archived },
    ];
    const latest = stats.latestPublication;
    body = (
      <>
        <dl className={styles.figures}>
          {figures.map(({ label, value }) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section className={styles.panel} aria-labelledby="latest-heading">
          <h3 id="latest-heading">Latest publication</h3>
          {latest?.publishedAt ? (
            <p>
              <Link to={`/blogs/${latest.slug}`}>{latest.title}</Link>, published on{' '}
              <time dateTime={latest.publishedAt}>{formatDate(latest.publishedAt)}</time>.
            </p>
          ) : (
            <p>Nothing has been published yet.</p>
          )}
          {stats.scheduled > 0 && (
            <p>
              {stats.scheduled} more post{stats.scheduled === 1 ? ' is' : 's are'} scheduled to go out later.
            </p>
          )}
        </section>
        <div className={styles.columns}>
          <TermList id="top-tags" title="Most used tags" terms={stats.topTags} prefix="#" />
          <TermList id="top-categories" title="Most used categories" terms={stats.topCategories} />
        </div>
      </>
    );
  }
  return (
    <section className={styles.posts} aria-labelledby="posts-heading">
      <h2 id="posts-heading">Posts</h2>
      {body}
    </section>
  );
}
