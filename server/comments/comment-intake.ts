import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CommentInput, CommentRecord, PublicComment } from '../../src/content/types.gen.ts';
import { isPublicAt } from '../../src/domain/post-visibility.ts';
import { checkFormSpam, countFormPost, type FormArrival, type FormIntake, refuseProblems } from '../forms/index.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { defaultNoticesPerHour, floodReason, queueHourlyNotice } from '../mail/index.ts';
import { findPostById, type Post, recordBlogChange } from '../blog/index.ts';
import {
  approvedBefore,
  findComment,
  insertComment,
  publicComments,
  readComment,
  type CommentRow,
} from './comment-store.ts';
import { emailKey, singleLine, strictEmail } from '../leads/index.ts';
import type { Database } from '../store/schema.ts';
import { commentFlood, commentNotification } from './comment-mail.ts';

export interface CommentContext extends FormIntake {
  /** Approved comments are part of the post pages and the API's answers: a change forgets them. */
  responses: ResponseCache;
}

/** The form's name for the spam module: tokens are signed for it and posts are counted under it. */
export const commentForm = 'comment';

/** The post readers may see, or 404 in words. */
export async function visiblePost(context: Pick<CommentContext, 'db' | 'clock'>, postId: string): Promise<Post> {
  const post = await findPostById(context.db, postId);
  if (!post || !isPublicAt(post, context.clock())) throw new HttpError(404, 'No blog post has this id.');
  return post;
}

/** The approved comments of a post readers may see, as its page shows them; 404 for any other post. */
export async function readersComments(
  context: Pick<CommentContext, 'db' | 'clock'>,
  postId: string,
): Promise<PublicComment[]> {
  await visiblePost(context, postId);
  return publicComments(context.db, postId);
}

/** An address is kept only as this keyed hash: enough to recognise it, not to read it back. */
export const addressHash = (key: Buffer, address: string): string =>
  createHmac('sha256', key).update(`comment-address:${address}`).digest('base64url');

/**
 * The rules the schema cannot say, each with its field: a name that is more than spaces, and an address a `mailto:`
 * link reads as one recipient (the schema's "email" format lets `?cc=` and `&body=` through), as the lead forms ask.
 */
function inputProblems(input: CommentInput): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (singleLine(input.name) === '') problems.push({ path: '/name', message: 'must not be empty' });
  // The schema's own message, which the form already puts in words.
  if (input.email?.trim() && !strictEmail.test(input.email.trim()))
    problems.push({ path: '/email', message: 'must match format "email"' });
  if (input.text.trim().length < 2) problems.push({ path: '/text', message: 'must NOT have fewer than 2 characters' });
  return problems;
}

/** The comment answered must be an approved top-level comment of the same post. */
async function checkParent(context: CommentContext, postId: string, parentId: string): Promise<void> {
  const parent = await findComment(context.db, parentId);
  const detail = (message: string) => [{ path: '/parentId', message }];
  if (!parent || parent.post_id !== postId) {
    throw new HttpError(400, 'The comment you answer is not on this post.', detail('must be a comment of this post'));
  }
  if (parent.parent_id !== null) {
    throw new HttpError(
      400,
      'Replies go one level deep: answer the first comment of the conversation instead.',
      detail('must be a top-level comment'),
    );
  }
  if (parent.status !== 'approved') {
    throw new HttpError(400, 'The comment you answer is not published.', detail('must be an approved comment'));
  }
}

/**
 * Stores a reader's comment with the post counted against its address and, when it waits for moderation, its
 * notification, in one transaction. Spam is kept with status `spam`, notifies nobody and is answered as any other
 * comment. A comment waits unless one under the same name, from the same e-mail or address, was approved before.
 */
export async function acceptComment(
  context: CommentContext,
  postId: string,
  input: CommentInput,
  arrival: FormArrival,
): Promise<CommentRow> {
  const post = await visiblePost(context, postId);
  if (post.commentsOpen === false) throw new HttpError(409, 'Comments on this post are closed.');
  refuseProblems(inputProblems(input));
  if (input.parentId !== undefined) await checkParent(context, postId, input.parentId);
  const now = context.clock();
  const { reason, tokenKey } = await checkFormSpam(context, commentForm, input, arrival, [input.text, input.name], now);
  const email = input.email?.trim() || null;
  const key = email === null ? null : emailKey(email);
  const hash = addressHash(context.formKey, arrival.address);
  const row: CommentRow = {
    id: randomUUID(),
    post_id: postId,
    parent_id: input.parentId ?? null,
    status: 'pending',
    // One line: a name forges no line in the notice, nor a header in its subject.
    author_name: singleLine(input.name),
    author_email: email,
    email_key: key,
    address_hash: hash,
    by_agency: 0,
    text: input.text.trim(),
    spam_reason: reason,
    lead_id: null,
    created_at: now.toISOString(),
  };
  if (reason !== null) row.status = 'spam';
  // A post without a token (a form sent without JavaScript) proves nothing of its sender: a person reads it first.
  else if (tokenKey !== null && (await approvedBefore(context.db, row.author_name, key, hash))) row.status = 'approved';
  const perHour = context.noticesPerHour ?? defaultNoticesPerHour;
  const notified = await context.db.transaction().execute(async (trx) => {
    if (row.status === 'pending' && context.mail) {
      const notice = {
        mail: commentNotification(row, post, context.facts, context.origin),
        prefix: 'comment:',
        perHour,
        flood: commentFlood(perHour, context.facts, context.origin),
      };
      if (!(await queueHourlyNotice(trx, notice, now)))
        Object.assign(row, { status: 'spam', spam_reason: floodReason(perHour) });
    }
    await insertComment(trx, row);
    await countFormPost(trx, context.formKey, { form: commentForm, address: arrival.address, tokenKey }, now);
    if (row.status === 'approved') await recordBlogChange(trx);
    return row.status === 'pending' && context.mail !== null;
  });
  if (row.status === 'approved') context.responses.forget();
  if (notified) context.mail?.wake();
  return row;
}

export async function readCommentOr404(db: Kysely<Database>, id: string): Promise<CommentRecord> {
  const comment = await readComment(db, id);
  if (!comment) throw new HttpError(404, `There is no comment ${id}: it may have been erased.`);
  return comment;
}
