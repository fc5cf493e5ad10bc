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
