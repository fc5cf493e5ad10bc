import { Link } from '@/ui/site-router/link.tsx';
import { Icon } from '@/ui/icons.tsx';
import { PostCard, type PostCardData } from '../post-card/post-card.tsx';
import type { SectionProps } from '../types.ts';
import styles from './recent-articles.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

export interface RecentArticlesProps extends SectionProps<'recent-articles'> {
  /** The newest posts; empty until the blog module has fetched them, and on failure. */
  posts?: PostCardData[];
}

/** The newest posts plus a card leading to every post. */
export function RecentArticles({ section, posts = [] }: RecentArticlesProps) {
  const { heading, intro, count, allPostsLabel } = section;
  return (
    <section className="section">
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        <ul className={`card-grid ${styles.grid}`}>
          {posts.slice(0, count).map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
          <li>
            <Link to="/blog" className={styles.allPosts}>
              <span>{allPostsLabel}</span>
              <Icon name="arrow" size={28} />
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
