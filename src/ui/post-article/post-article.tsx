import { useMemo } from 'react';
import { Link } from '@/ui/site-router/link.tsx';
import type { BlogPost } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import { termSlug } from '@/domain/term-slug.ts';
import { safeHtml } from './safe-html.ts';
import styles from './post-article.module.css';

export type ArticlePost = Pick<
  BlogPost,
  'title' | 'publishedAt' | 'coverImage' | 'categories' | 'tags' | 'summary' | 'status'
> &
  Partial<Pick<BlogPost, 'author' | 'authorSlug'>>;

interface PostArticleProps {
  post: ArticlePost;
  /** The content as HTML; it is sanitised here, whatever its source. */
  html: string;
  /** h2 where the page already has its h1, as in the editor's preview. */
  headingLevel?: 'h1' | 'h2';
  /**
   * Link tags, categories and the author to their archives; not in the editor's preview, which must not navigate
   * away. The byline names the author when the post has one; a post the team signs names the team, without a link.
   */
  termLinks?: boolean;
}

const unpublishedLabels = { draft: 'Draft', archived: 'Archived' } as const;

/** A blog post as readers see it; the editor's preview renders the same component. */
export function PostArticle({ post, html, headingLevel = 'h1', termLinks = false }: PostArticleProps) {
  const Heading = headingLevel;
  const content = useMemo(() => safeHtml(html), [html]);
  const summary = post.summary?.trim();
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        {post.status !== 'published' && <p className={styles.marker}>{unpublishedLabels[post.status]}</p>}
        {post.categories.length > 0 && (
          <ul className={styles.categories} aria-label="Categories">
            {post.categories.map((category) => (
              <li key={category}>
                {termLinks ? <Link to={`/blog/category/${termSlug(category)}`}>{category}</Link> : category}
              </li>
            ))}
          </ul>
        )}
        <Heading className={styles.title}>{post.title}</Heading>
        <p className={styles.published}>
          {post.author !== undefined && (
            <>
              <span>
                By{' '}
                {termLinks && post.authorSlug ? (
                  <Link to={`/blog/author/${post.authorSlug}`} rel="author">
                    {post.author}
                  </Link>
                ) : (
                  post.author
                )}
              </span>
              {' · '}
            </>
          )}
          <span>
            {post.publishedAt ? (
              <>
                Published on <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
              </>
            ) : (
              'Not published yet'
            )}
          </span>
        </p>
        {summary && <p className={styles.summary}>{summary}</p>}
      </header>
      {post.coverImage && (
        <img
          className={styles.cover}
          src={post.coverImage}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          fetchPriority="high"
        />
      )}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: content }} />
      {post.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>{termLinks ? <Link to={`/blog/tag/${termSlug(tag)}`}>#{tag}</Link> : `#${tag}`}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
