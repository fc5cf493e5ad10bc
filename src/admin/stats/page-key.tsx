import type { BlogPost } from '@/content/types.gen.ts';
import { sitePath } from '@/domain/traffic-source.ts';
import styles from './stats-dashboard.module.css';

const postPath = /^\/blogs\/([^/?#]+)\/?$/;

/**
 * A page of the site as its path, linking to it; a blog post also by its title, so that posts stand out. A key that
 * is no path of this site ((other), or another site's address counted before paths were checked) is plain text.
 */
export function PageKey({ path, posts }: { path: string; posts: ReadonlyMap<string, BlogPost> }) {
  if (sitePath(path) !== path)
    return <span className={styles.pageKey}>{path === '(other)' ? 'Other pages' : path}</span>;
  const slug = postPath.exec(path)?.[1];
  const post = slug === undefined ? undefined : posts.get(decodeURIComponent(slug));
  return (
    <span className={styles.pageKey}>
      <a href={path} target="_blank" rel="noreferrer">
        {post ? post.title : path}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {slug !== undefined && (
        <span className={styles.postMark}>Post{post ? <span className={styles.path}> · {path}</span> : null}</span>
      )}
    </span>
  );
}

/** A source as people say it: direct visits have no referrer. */
export function sourceName(key: string): string {
  return key === '(direct)' ? 'Direct (no referrer)' : key;
}
