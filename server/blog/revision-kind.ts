import type { Post } from './post.ts';
import type { RevisionKind, RevisionReason } from '../store/schema.ts';

type Publication = Pick<Post, 'status' | 'publishedAt'>;

const isLive = (post: Publication, now: Date) =>
  post.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now.getTime();

const isScheduled = (post: Publication, now: Date) =>
  post.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) > now.getTime();

/** What a save did to a post, for its history: a save that takes it live or sets a new date is more than an edit. */
export function revisionKind(reason: RevisionReason, before: Publication, after: Publication, now: Date): RevisionKind {
  if (reason === 'autosave') return 'autosaved';
  if (reason === 'restore') return 'restored';
  if (isLive(after, now) && !isLive(before, now)) return 'published';
  if (isScheduled(after, now) && !(isScheduled(before, now) && before.publishedAt === after.publishedAt)) {
    return 'scheduled';
  }
  return 'edited';
}
