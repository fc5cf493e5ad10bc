import { randomUUID } from 'node:crypto';
import type { BlogPostInput } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';
import { isUniqueViolation } from '../store/database.ts';
import type { Post } from '../store/post.ts';
import { deletePost, findPostById, insertPost, updatePost } from '../store/posts.ts';
import { findRevision } from '../store/revisions.ts';
import type { RevisionReason } from '../store/schema.ts';
import type { BlogContext } from './blog-context.ts';
import { postFields } from './post-input.ts';
import { revisionKind } from './revision-kind.ts';

export interface SaveOptions {
  /** Name of the signed-in admin saving: the revision's author. */
  editor: string;
  reason: RevisionReason;
  /** With reason "restore": the revision being saved again, which must be one of this post's. */
  restoredRevision?: string;
}

function slugTaken(slug: string): HttpError {
  return new HttpError(409, `Another post already has the slug "${slug}".`, [
    { path: '/slug', message: 'is already used by another post' },
  ]);
}

function editedMeanwhile(): HttpError {
  return new HttpError(
    409,
    'Someone else changed this post after you opened it. Reload it and apply your changes again.',
    [{ path: '/updatedAt', message: 'is older than the stored version' }],
  );
}

function notFound(): HttpError {
  return new HttpError(404, 'No blog post has this id.');
}

/** Autosave keeps drafts safe; a published or scheduled post changes only when its editor presses Save. */
function refuseAutosave(stored: Post, input: BlogPostInput): void {
  if (stored.status === 'draft' && (input.status ?? 'draft') === 'draft') return;
  throw new HttpError(
    409,
    'Autosave only saves drafts: this post is published, scheduled or archived, or being published. Press Save to change it.',
    [{ path: '/status', message: 'must be draft, stored and sent, for an autosave' }],
  );
}

async function rethrowSlugClash<T>(slug: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken(slug) : error;
  }
}

export async function createPost(blog: BlogContext, input: BlogPostInput, author: string): Promise<Post> {
  const now = blog.clock();
  const post: Post = {
    id: randomUUID(),
    ...postFields(input, now),
    author,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await rethrowSlugClash(
    post.slug,
    insertPost(blog.db, post, { id: randomUUID(), author, reason: 'save', kind: 'created' }),
  );
  blog.responses.forget();
  return post;
}

export async function changePost(
  blog: BlogContext,
  id: string,
  input: BlogPostInput,
  options: SaveOptions,
): Promise<Post> {
  const stored = await findPostById(blog.db, id);
  if (!stored) throw notFound();
  if (options.reason === 'autosave') refuseAutosave(stored, input);
  if (options.reason === 'restore') {
    const revision = options.restoredRevision && (await findRevision(blog.db, id, options.restoredRevision));
    if (!revision) throw new HttpError(404, 'This post has no revision with that id: choose one from its History.');
  }
  const editedSinceRead = input.updatedAt !== undefined && Date.parse(input.updatedAt) < Date.parse(stored.updatedAt);
  if (editedSinceRead) throw editedMeanwhile();

  const now = blog.clock();
  // Strictly later than the stored version, even within the same millisecond, so that every edit is detectable.
  const updatedAt = new Date(Math.max(now.getTime(), Date.parse(stored.updatedAt) + 1)).toISOString();
  const post: Post = { ...stored, ...postFields(input, now, stored.publishedAt), updatedAt };
  const revision = {
    id: randomUUID(),
    author: options.editor,
    reason: options.reason,
    kind: revisionKind(options.reason, stored, post, now),
  };
  const written = await rethrowSlugClash(post.slug, updatePost(blog.db, post, stored, revision));
  if (!written) throw editedMeanwhile();
  blog.responses.forget();
  return post;
}

export async function removePost(blog: BlogContext, id: string): Promise<void> {
  if (!(await deletePost(blog.db, id, blog.clock().toISOString()))) throw notFound();
  blog.responses.forget();
}
