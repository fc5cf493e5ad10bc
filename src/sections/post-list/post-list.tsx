import type { ReactNode } from 'react';
import { PageLinks } from '@/ui/page-links/page-links.tsx';
import { PostCard, type PostCardData } from '../post-card/post-card.tsx';
import type { SectionProps } from '../types.ts';
import styles from './post-list.module.css';

export interface PostListProps extends SectionProps<'post-list'> {
  posts?: PostCardData[];
  page?: number;
  pageCount?: number;
  /** Shown instead of the list, for example while loading or when the API failed. */
  status?: string;
  /** The search the page shows results of, kept in the page links. */
  query?: string;
  /** Shown above the list, such as a search form. */
  toolbar?: ReactNode;
}

/** One page of published posts, with page links that work without JavaScript (?page=2). */
export function PostList({ section, posts = [], page = 1, pageCount = 1, status, query, toolbar }: PostListProps) {
  const { heading, intro } = section;
  const href = (target: number) => {
    const search = new URLSearchParams(query ? { q: query } : {});
    if (target > 1) search.set('page', String(target));
    return search.size > 0 ? `/blog?${search}` : '/blog';
  };
  return (
    <section className="section" aria-labelledby="post-list-heading">
      <div className="container">
        <h2 id="post-list-heading">{heading}</h2>
        {intro && <p className="section-intro">{intro}</p>}
        {toolbar}
        {status ? (
          <p className={styles.status} role="status">
            {status}
          </p>
        ) : (
          <ul className={`card-grid ${styles.grid}`}>
            {posts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
        <PageLinks page={page} pageCount={pageCount} href={href} label="Blog pages" />
      </div>
    </section>
  );
}
