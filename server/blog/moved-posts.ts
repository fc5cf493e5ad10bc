import { isPublicAt } from '../../src/domain/post-visibility.ts';
import { HttpError } from '../http/errors.ts';
import { slugFate, wasDeleted } from './slug-redirects.ts';
import type { BlogContext } from './blog-context.ts';

export type SlugAnswer = { redirectTo: string } | { gone: true } | undefined;

/**
 * What to answer for a slug no post uses now: the post's current slug if it moved (visitors only to a post they may
 * see), "gone" if the post was deleted, or undefined for a slug that never existed.
 */
export async function movedSlug(blog: BlogContext, slug: string, signedIn: boolean): Promise<SlugAnswer> {
  const fate = await slugFate(blog.db, slug);
  if (fate === undefined) return undefined;
  if ('gone' in fate) return fate;
  const visible = signedIn || isPublicAt(fate, blog.clock());
  return visible ? { redirectTo: fate.movedTo } : undefined;
}

export function goneError(): HttpError {
  return new HttpError(410, 'This blog post was deleted and is not coming back.');
}

/** A 404 becomes 410 when the post with this id was deleted. */
export async function rethrowIfDeleted(blog: BlogContext, id: string, error: unknown): Promise<never> {
  if (error instanceof HttpError && error.statusCode === 404 && (await wasDeleted(blog.db, id))) throw goneError();
  throw error;
}
