import { randomUUID } from 'node:crypto';
import type { BlogPostInput } from '../../src/content/types.gen.ts';
import { findUserById, type SignedInUser } from '../auth/index.ts';
import { HttpError } from '../http/errors.ts';
import { isUniqueViolation } from '../store/database.ts';
import type { Post } from './post.ts';
import { deletePost, findPostById, insertPost, markForReview, updatePost } from './post-store.ts';
import { findRevision } from './revision-store.ts';
import type { RevisionReason } from '../store/schema.ts';
import type { BlogContext } from './blog-context.ts';
import { postFields } from './post-input.ts';
import { checkAuthorChange, checkPostChange, checkPostCreate, checkPostUpdate } from './post-permissions.ts';
import { revisionKind } from './revision-kind.ts';

export interface SaveOptions {
  /** The signed-in member saving: the revision's author, whose role must allow the change. */
  editor: SignedInUser;
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

interface Signature {
  author: string;
  authorId: string | null;
  /** The address of the author's page, read with the member (null for posts the team signs). */
  authorSlug: string | null;
}

/**
 * Who signs the post: `current` unless the input names another member (authorId), which needs posts:others and
 * must be a member of the team.
 */
async function chosenSignature(
  blog: BlogContext,
  writer: SignedInUser,
  current: Signature,
  input: BlogPostInput,
): Promise<Signature> {
  checkAuthorChange(writer, current.authorId, input);
  if (input.authorId === undefined || input.authorId === current.authorId) return current;
  const member = await findUserById(blog.db, input.authorId);
  if (member === undefined) {
    throw new HttpError(400, 'The author chosen is not a member of the team: choose one from the list.', [
      { path: '/authorId', message: 'is not the id of a member of the team' },
    ]);
  }
  return { author: member.name, authorId: member.id, authorSlug: member.slug };
}

/** The writer of a new post, or a name alone for posts the team signs (the examples of a fresh database). */
export type PostWriter = SignedInUser | { name: string; id?: undefined };

export async function createPost(blog: BlogContext, input: BlogPostInput, writer: PostWriter): Promise<Post> {
  const writerSignature = {
    author: writer.name,
    authorId: writer.id ?? null,
    authorSlug: writer.id === undefined ? null : ((await findUserById(blog.db, writer.id))?.slug ?? null),
  };
  let signature = writerSignature;
  if (writer.id !== undefined) {
    checkPostCreate(writer, input);
    signature = await chosenSignature(blog, writer, writerSignature, input);
  }
  const now = blog.clock();
  // The revision names who saved it; the post, who wrote it.
  const author = writer.name;
  const post: Post = {
    id: randomUUID(),
    ...postFields(input, now),
    ...signature,
    reviewRequestedAt: null,
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
  checkPostUpdate(options.editor, stored, input);
  const signature = await chosenSignature(
    blog,
    options.editor,
    { author: stored.author, authorId: stored.authorId ?? null, authorSlug: stored.authorSlug ?? null },
    input,
  );
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
  const fields = postFields(input, now, stored.publishedAt, stored.commentsOpen ?? true);
  // A published post needs no more review.
  const reviewRequestedAt = fields.status === 'draft' ? (stored.reviewRequestedAt ?? null) : null;
  const post: Post = { ...stored, ...fields, ...signature, reviewRequestedAt, updatedAt };
  const revision = {
    id: randomUUID(),
    author: options.editor.name,
    reason: options.reason,
    kind: revisionKind(options.reason, stored, post, now),
  };
  const written = await rethrowSlugClash(post.slug, updatePost(blog.db, post, stored, revision));
  if (!written) throw editedMeanwhile();
  blog.responses.forget();
  return post;
}

export async function removePost(blog: BlogContext, id: string, remover: SignedInUser): Promise<void> {
  const stored = await findPostById(blog.db, id);
  if (!stored) throw notFound();
  checkPostChange(remover, stored);
  if (!(await deletePost(blog.db, id, blog.clock().toISOString()))) throw notFound();
  blog.responses.forget();
}

/** Marks a draft as waiting for an editor, who sees it in the dashboard; its writer keeps editing it meanwhile. */
export async function submitForReview(blog: BlogContext, id: string, writer: SignedInUser): Promise<Post> {
  const stored = await findPostById(blog.db, id);
  if (!stored) throw notFound();
  checkPostChange(writer, stored);
  if (stored.status !== 'draft') {
    throw new HttpError(409, 'Only a draft can be submitted for review: this post is published or archived already.', [
      { path: '/status', message: 'must be draft' },
    ]);
  }
  const reviewRequestedAt = blog.clock().toISOString();
  await markForReview(blog.db, id, reviewRequestedAt);
  return { ...stored, reviewRequestedAt };
}
