import type { BlogPost } from '../content/types.gen.ts';

type Publication = Pick<BlogPost, 'status' | 'publishedAt'>;

function publicationTime({ status, publishedAt }: Publication): number {
  return status === 'published' && publishedAt ? Date.parse(publishedAt) : Number.NaN;
}

/** Visitors see a published post once its date has come; drafts, archived posts and scheduled ones stay hidden. */
export function isPublicAt(post: Publication, now: Date): boolean {
  return publicationTime(post) <= now.getTime();
}

/** A published post dated later than now: readers see it only from that date. */
export function isScheduledAt(post: Publication, now: Date): boolean {
  return publicationTime(post) > now.getTime();
}
