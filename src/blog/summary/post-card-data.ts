import type { BlogPost } from '@/content/types.gen.ts';
import type { PostCardData } from '@/sections/post-card/post-card.tsx';
import { postSummary } from '@/domain/post-summary.ts';

export function toPostCardData(post: BlogPost): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    summary: postSummary(post),
    coverImage: post.coverImage ?? undefined,
    publishedAt: post.publishedAt,
  };
}
