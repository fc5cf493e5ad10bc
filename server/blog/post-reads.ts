import type { BlogPost } from '../../src/content/types.gen.ts';
import { isPublicAt } from '../../src/domain/post-visibility.ts';
import { jsonAnswer, type Answer } from '../http/answer.ts';
import { HttpError } from '../http/errors.ts';
import { findPostById, findPostBySlug } from './post-store.ts';
import type { BlogContext } from './blog-context.ts';
import { toPostJson, type Post } from './post.ts';
import { adminReadHeaders, publicReadHeaders } from './read-headers.ts';

export type PostKey = { id: string } | { slug: string };

/** Visitors see published posts whose time has come; signed-in admins see every post. */
function isVisible(post: Post, signedIn: boolean, now: Date): boolean {
  return signedIn || isPublicAt(post, now);
}

async function findVisiblePost(blog: BlogContext, key: PostKey, signedIn: boolean): Promise<Post> {
  const post = 'id' in key ? await findPostById(blog.db, key.id) : await findPostBySlug(blog.db, key.slug);
  if (!post || !isVisible(post, signedIn, blog.clock())) {
    throw new HttpError(404, 'id' in key ? 'No blog post has this id.' : 'No blog post has this slug.');
  }
  return post;
}

/** One post by id or slug as the API sends it, to a visitor or to a signed-in admin; 404 when they may not see it. */
export async function visiblePostJson(blog: BlogContext, key: PostKey, signedIn: boolean): Promise<BlogPost> {
  return toPostJson(await findVisiblePost(blog, key, signedIn));
}

export async function postAnswer(blog: BlogContext, key: PostKey, signedIn: boolean): Promise<Answer> {
  return jsonAnswer(await visiblePostJson(blog, key, signedIn), signedIn ? adminReadHeaders : publicReadHeaders);
}
