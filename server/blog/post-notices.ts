import type { Kysely } from 'kysely';
import { can } from '../../src/domain/team-permissions.ts';
import { findUserById, listTeam, type SignedInUser } from '../auth/index.ts';
import { enqueueMail, type OutgoingMail } from '../mail/index.ts';
import type { Post } from './post.ts';
import type { Database } from '../store/schema.ts';

/** Where the notices' links point, and the mail worker; null without SMTP_URL, when no notice is queued. */
export interface PostNoticeSending {
  origin: string;
  brandName: string;
  mail: { wake(): void } | null;
}

async function queue(db: Kysely<Database>, sending: PostNoticeSending, mails: OutgoingMail[], now: Date) {
  if (sending.mail === null || mails.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const mail of mails) await enqueueMail(trx, mail, now);
  });
  sending.mail.wake();
}

/**
 * Tells every member who publishes others' posts (editors and above), but the writer, that a draft waits for their
 * review. The title is the writer's free text: it goes in the body, never in the subject.
 */
export async function tellEditorsOfSubmission(
  db: Kysely<Database>,
  sending: PostNoticeSending,
  post: Post,
  writer: SignedInUser,
  now: Date,
): Promise<number> {
  const editors = (await listTeam(db)).filter(
    (member) => member.id !== writer.id && can(member.role, 'posts:others') && can(member.role, 'posts:publish'),
  );
  const mails = editors.map((editor) => ({
    to: [editor.email],
    subject: `A draft waits for your review on ${sending.brandName}`,
    text: [
      `${writer.name} (${writer.email}) submitted a draft for review: “${post.title}”.`,
      '',
      'Read it, change it if need be, and publish it from the admin:',
      `${sending.origin}/admin/blog/edit/${post.id}`,
    ].join('\n'),
    replyTo: writer.email,
    about: `post-review:${post.id}`,
  }));
  await queue(db, sending, mails, now);
  return mails.length;
}

/** Tells a post's author that someone else published it (an author who publishes their own needs no e-mail). */
export async function tellAuthorOfPublication(
  db: Kysely<Database>,
  sending: PostNoticeSending,
  post: Post,
  publisher: SignedInUser,
  now: Date,
): Promise<boolean> {
  if (!post.authorId || post.authorId === publisher.id) return false;
  const author = await findUserById(db, post.authorId);
  if (author === undefined) return false;
  const mail = {
    to: [author.email],
    subject: `Your post is published on ${sending.brandName}`,
    text: [
      `${publisher.name} published your post “${post.title}”. Readers find it here:`,
      `${sending.origin}/blogs/${post.slug}`,
    ].join('\n'),
    replyTo: publisher.email,
    about: `post-publication:${post.id}`,
  };
  await queue(db, sending, [mail], now);
  return sending.mail !== null;
}
