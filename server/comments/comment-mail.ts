import type { OutgoingMail } from '../mail/index.ts';
import type { LeadFacts } from '../forms/index.ts';
import type { CommentRow } from './comment-store.ts';
import type { Post } from '../blog/index.ts';

/**
 * The notification of a comment waiting for moderation, to the sales address: who wrote what on which post, and
 * where to approve it. Plain text: nothing the commenter typed can become markup in a mail client.
 */
export function commentNotification(comment: CommentRow, post: Post, facts: LeadFacts, origin: string): OutgoingMail {
  const text = [
    `A new comment on “${post.title}” waits for moderation on ${facts.brandName}'s blog.`,
    '',
    `Name: ${comment.author_name}`,
    ...(comment.author_email ? [`E-mail: ${comment.author_email}`] : []),
    ...(comment.parent_id ? ['It answers another comment.'] : []),
    '',
    comment.text,
    '',
    `The post: ${origin}/blogs/${post.slug}`,
    `Approve it, or mark it as spam, in the Comments of the admin: ${origin}/admin/comments`,
  ].join('\n');
  return {
    to: [facts.salesEmail],
    subject: `New comment from ${comment.author_name} on “${post.title}”`,
    text,
    ...(comment.author_email ? { replyTo: comment.author_email } : {}),
    about: `comment:${comment.id}`,
  };
}

/** The one message that says more comments than `perHour` arrived within an hour: those past it wait as spam. */
export function commentFlood(perHour: number, facts: LeadFacts, origin: string): OutgoingMail & { about: string } {
  return {
    to: [facts.salesEmail],
    subject: `${facts.brandName}: more than ${perHour} comments in an hour, the rest without e-mail`,
    text: [
      `More than ${perHour} comments reached ${facts.brandName}'s blog within an hour: probably spam.`,
      '',
      `Those past the first ${perHour} are kept in Comments under Spam, without a notice each.`,
      'Look through them there and approve any real one; this notice is not sent again until an hour passes',
      'without such a comment.',
      '',
      `Comments, their spam: ${origin}/admin/comments?status=spam`,
    ].join('\n'),
    about: 'comment-flood',
  };
}
