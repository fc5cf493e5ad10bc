import type { BlogPost } from '../../src/content/types.gen.ts';
import type { Post } from '../store/post.ts';

/** A post as the API sends it (schemas/blog-post-record.schema.json). */
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
