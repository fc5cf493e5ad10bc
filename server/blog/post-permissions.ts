import type { BlogPostInput } from '../../src/content/types.gen.ts';
import { postChangePermission } from '../../src/domain/post-change.ts';
import { requirePermission, type SignedInUser } from '../auth/index.ts';
import type { Post } from './post.ts';

/** Anything but a draft is a publishing act: publishing, scheduling, archiving. */
function publishes(input: BlogPostInput): boolean {
  return (input.status ?? 'draft') !== 'draft';
}

const statusDetail = [
  { path: '/status', message: 'only an author, an editor or above may publish: save it as a draft' },
];

/** Who may write this post, as the role table says: one's own drafts, one's own posts, anyone's posts. */
export function checkPostChange(writer: SignedInUser, stored: Post): void {
  const needed = postChangePermission(writer.id, stored);
  if (needed !== null) requirePermission(writer, needed);
}

/** Signing a post with another person's name (or taking it from them) is changing who wrote it: posts:others. */
export function checkAuthorChange(writer: SignedInUser, currentAuthorId: string | null, input: BlogPostInput): void {
  if (input.authorId === undefined || input.authorId === currentAuthorId) return;
  requirePermission(writer, 'posts:others', [
    { path: '/authorId', message: 'only an editor or above may change who wrote a post' },
  ]);
}

export function checkPostCreate(writer: SignedInUser, input: BlogPostInput): void {
  if (publishes(input)) requirePermission(writer, 'posts:publish', statusDetail);
}

export function checkPostUpdate(writer: SignedInUser, stored: Post, input: BlogPostInput): void {
  checkPostChange(writer, stored);
  if (publishes(input)) requirePermission(writer, 'posts:publish', statusDetail);
}
