import type { CommentStatus } from '@/content/types.gen.ts';

/** The queue's tabs, in the order a moderator works through them. */
export const commentStatuses: readonly CommentStatus[] = ['pending', 'approved', 'spam', 'trash'];

export const statusLabels: Record<CommentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  spam: 'Spam',
  trash: 'Trash',
};

/** The status in the address (?status=); the queue opens on the comments that wait. */
export function statusFromSearch(value: string | null): CommentStatus {
  return commentStatuses.find((status) => status === value) ?? 'pending';
}

export type ModerationAction = 'approve' | 'spam' | 'trash' | 'restore';

/** The status each action gives: restoring from spam or trash puts a comment back in the queue. */
export const actionStatus: Record<ModerationAction, CommentStatus> = {
  approve: 'approved',
  spam: 'spam',
  trash: 'trash',
  restore: 'pending',
};

export const actionLabels: Record<ModerationAction, string> = {
  approve: 'Approve',
  spam: 'Spam',
  trash: 'Trash',
  restore: 'Restore',
};

/** What the live region says once it is done, e.g. "Comment by Ana approved." */
export const actionDone: Record<ModerationAction, string> = {
  approve: 'approved',
  spam: 'marked as spam',
  trash: 'moved to the trash',
  restore: 'restored to Pending',
};

/** For the sentence of a failure: "Approving the comment by Ana failed: …". */
export const actionDoing: Record<ModerationAction, string> = {
  approve: 'Approving',
  spam: 'Marking as spam',
  trash: 'Moving to the trash',
  restore: 'Restoring',
};

/** The actions that fit a comment of each status, in the order they are offered. */
export const actionsFor: Record<CommentStatus, readonly ModerationAction[]> = {
  pending: ['approve', 'spam', 'trash'],
  approved: ['spam', 'trash'],
  spam: ['restore', 'trash'],
  trash: ['restore'],
};

export function countComments(count: number): string {
  return count === 1 ? '1 comment' : `${count} comments`;
}
