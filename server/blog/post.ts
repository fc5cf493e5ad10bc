import type { BlogPost } from '../../src/content/types.gen.ts';

/** A post as the store reads and writes it: the API's record (types generated from its schema), keyed by `id`. */
export type Post = Omit<BlogPost, '_id'> & { id: string };

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
    authorId: post.authorId ?? null,
    authorSlug: post.authorSlug ?? null,
    reviewRequestedAt: post.reviewRequestedAt ?? null,
    commentsOpen: post.commentsOpen ?? true,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
