import { marked } from 'marked';
import { useMemo } from 'react';
import { PostArticle } from '@/ui/post-article/post-article.tsx';
import { splitTerms, toPostInput, type PostFormValues } from './post-form-values.ts';
import styles from './post-form.module.css';

/** The post as the public page will show it; Markdown is rendered here as the server will, then sanitised. */
export function PostPreview({ values }: { values: PostFormValues }) {
  const html = useMemo(
    () =>
      values.contentFormat === 'markdown' ? marked.parse(values.content, { async: false, gfm: true }) : values.content,
    [values.content, values.contentFormat],
  );
  const { publishedAt, coverImage } = toPostInput(values);
  const post = {
    title: values.title.trim() || 'Untitled post',
    publishedAt: publishedAt && !Number.isNaN(Date.parse(publishedAt)) ? publishedAt : null,
    coverImage: coverImage || null,
    categories: splitTerms(values.categories),
    tags: splitTerms(values.tags),
    summary: values.summary,
    status: values.status,
  };
  return (
    <div className={styles.preview}>
      <PostArticle post={post} html={html} headingLevel="h2" />
    </div>
  );
}
