import { isPublicAt } from '../../src/domain/post-visibility.ts';
import { HttpError } from '../http/errors.ts';
import { jsonResponse, type PreparedResponse } from '../http/prepared-response.ts';
import { findPostById, findPostBySlug } from '../store/posts.ts';
import { publicResponseTtlMs, type BlogContext } from './blog-context.ts';
import { toPostJson, type Post } from '../store/post.ts';
import { adminReadHeaders, publicReadHeaders } from './read-headers.ts';

export type PostKey = { id: string } | { slug: string };

/** Visitors see published posts whose time has come; signed-in admins see every post. */
function isVisible(post: Post, signedIn: boolean, now: Date): boolean {
  return signedIn || isPublicAt(post, now);
}

async function findVisiblePost(blog: BlogContext, key: PostKey, signedIn: boolean, now: Date): Promise<Post> {
  const post = 'id' in key ? await findPostById(blog.db, key.id) : await findPostBySlug(blog.db, key.slug);
  if (!post || !isVisible(post, signedIn, now)) {
    throw new HttpError(404, 'id' in key ? 'No blog post has this id.' : 'No blog post has this slug.');
  }
  return post;
}

/** Where a visitor's read of a post is kept in the public response cache. */
export function postCacheKey(key: PostKey): string {
  return JSON.stringify(key);
}

/** One post by id or slug as the API sends it; visitors' answers come from memory when possible. */
export async function postResponse(blog: BlogContext, key: PostKey, signedIn: boolean): Promise<PreparedResponse> {
  const now = blog.clock();
  if (signedIn) return jsonResponse(toPostJson(await findVisiblePost(blog, key, true, now)), adminReadHeaders);

  return blog.publicResponses.load(postCacheKey(key), now.getTime(), async () => ({
    response: jsonResponse(toPostJson(await findVisiblePost(blog, key, false, now)), publicReadHeaders),
    expiresAt: now.getTime() + publicResponseTtlMs,
  }));
}
