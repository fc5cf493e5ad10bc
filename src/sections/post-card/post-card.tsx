import { Link } from '@/ui/site-router/link.tsx';
import { formatDate } from '@/ui/format-date.ts';
import { HighlightWords } from '@/ui/highlight-words.tsx';
import styles from './post-card.module.css';

/** What a card shows of a blog post; the blog module maps API posts to it. */
export interface PostCardData {
  slug: string;
  /** Where the card links: a post's own page unless said otherwise (the site's own articles have their routes). */
  href?: string;
  title: string;
  summary: string;
  coverImage?: string;
  publishedAt?: string | null;
  /** Words of a search to mark in the title and summary. */
  highlight?: readonly string[];
}

export function PostCard({ post, headingLevel = 'h3' }: { post: PostCardData; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className={styles.card}>
      {post.coverImage && (
        <img className={styles.cover} src={post.coverImage} alt="" width={1200} height={630} loading="lazy" />
      )}
      <div className={styles.body}>
        {post.publishedAt && (
          <time className={styles.date} dateTime={post.publishedAt}>
            {formatDate(post.publishedAt)}
          </time>
        )}
        <Heading className={styles.title}>
          <Link to={post.href ?? `/blogs/${post.slug}`} className={styles.link}>
            <HighlightWords text={post.title} words={post.highlight} />
          </Link>
        </Heading>
        <p className={styles.summary}>
          <HighlightWords text={post.summary} words={post.highlight} />
        </p>
      </div>
    </article>
  );
}
