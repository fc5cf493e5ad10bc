import type { BlogPost } from '../../src/content/types.gen.ts';
import type { ContentFormat, PostStatus } from './schema.ts';

/** A post as the store reads and writes it. */
export interface Post {
  id: string;
  title: string;
  slug: string;
  content: string;
  contentFormat: ContentFormat;
  html: string;
  summary: string | null;
  tags: string[];
  categories: string[];
  coverImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  ogImage: string | null;
  canonicalUrl: string | null;
  publishedAt: string | null;
  status: PostStatus;
  author: string;
  createdAt: string;
  updatedAt: string;
}

/** A post as the API sends it and as its revisions keep it (schemas/blog-post-record.schema.json). */
export function toPostJson(post: Post): BlogPost {
  return {
    _id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    contentFormat: post.contentFormat,
    html: post.html,
    summary: post.summary,
    tags: post.tags,
    categories: post.categories,
    coverImage: post.coverImage,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    ogImage: post.ogImage,
    canonicalUrl: post.canonicalUrl,
    publishedAt: post.publishedAt,
    status: post.status,
    author: post.author,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
