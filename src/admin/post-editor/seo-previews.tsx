import { marked } from 'marked';
import { useMemo } from 'react';
import { site } from '@/content/site.ts';
import { useAbsoluteUrl } from '@/ui/origin.ts';
import { postSummary } from '@/domain/post-summary.ts';
import type { PostFormValues } from './post-form-values.ts';
import styles from './seo-previews.module.css';

/** What search engines and social cards will show, with the same fallbacks as the post's page head. */
export function useSeoSummary(values: PostFormValues) {
  const html = useMemo(
    () =>
      values.contentFormat === 'markdown' ? marked.parse(values.content, { async: false, gfm: true }) : values.content,
    [values.content, values.contentFormat],
  );
  const ownUrl = useAbsoluteUrl(`/blogs/${values.slug || 'your-slug'}`);
  const title = values.metaTitle.trim() || `${values.title.trim() || 'Untitled post'} | ${site.brand.name}`;
  const description = values.metaDescription.trim() || postSummary({ summary: values.summary, html });
  const image = values.ogImage.trim() || values.coverImage.trim() || null;
  return { title, description, image, url: values.canonicalUrl.trim() || ownUrl };
}

/** The host a card names; a half-typed address shows as typed. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** A search result and a social card, as they will look with the fields as typed. */
export function SeoPreviews({ values }: { values: PostFormValues }) {
  const { title, description, image, url } = useSeoSummary(values);
  return (
    <div className={styles.previews}>
      <figure className={styles.figure}>
        <figcaption className={styles.caption}>Search result preview</figcaption>
        <div className={styles.result} data-testid="search-preview">
          <p className={styles.resultUrl}>{url}</p>
          <p className={styles.resultTitle}>{title}</p>
          <p className={styles.resultDescription}>{description}</p>
        </div>
      </figure>
      <figure className={styles.figure}>
        <figcaption className={styles.caption}>Social card preview</figcaption>
        <div className={styles.card} data-testid="social-preview">
          {image ? (
            <img className={styles.cardImage} src={image} alt="Sharing card visual" width={1200} height={630} />
          ) : (
            <p className={styles.cardNoImage}>No image: the site's default is used.</p>
          )}
          <div className={styles.cardText}>
            <p className={styles.cardHost}>{hostOf(url)}</p>
            <p className={styles.cardTitle}>{title}</p>
            <p className={styles.cardDescription}>{description}</p>
          </div>
        </div>
      </figure>
    </div>
  );
}
