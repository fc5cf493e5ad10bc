import type { Post } from '../store/posts.ts';
import type { ContentFormat, PostStatus } from '../store/schema.ts';

/** A post as the API sends it: the specification's fields, plus updatedAt, contentFormat and the safe `html`. */
export interface PostJson {
  _id: string;
  title: string;
  slug: string;
  content: string;
  contentFormat: ContentFormat;
  html: string;
  summary: string | null;
  tags: string[];
  categories: string[];
  coverImage: string | null;
  publishedAt: string | null;
  status: PostStatus;
  author: string;
  createdAt: string;
  updatedAt: string;
}

export function toPostJson(post: Post): PostJson {
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
    publishedAt: post.publishedAt,
    status: post.status,
    author: post.author,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
