import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CommentRecord, CommentStatus } from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { HttpError } from '../http/errors.ts';
import { findPostById, recordBlogChange } from '../blog/index.ts';
import { findComment, insertComment, setCommentLead, setCommentStatus, type CommentRow } from './comment-store.ts';
import { emailKey, insertLead, type LeadRow } from '../leads/index.ts';
import { readCommentOr404, type CommentContext } from './comment-intake.ts';

/**
 * Sets the status of comments (a moderation action), in one transaction with the write counter, so that every
 * instance forgets the post pages that showed or will show them; each comment changed is in the audit log.
 * Unknown ids are skipped; the ids changed are returned.
 */
export async function moderateComments(
  context: CommentContext,
  request: FastifyRequest,
  ids: readonly string[],
  status: CommentStatus,
): Promise<string[]> {
  const changed = await context.db.transaction().execute(async (trx) => {
    const changedIds = await setCommentStatus(trx, ids, status);
    if (changedIds.length > 0) await recordBlogChange(trx);
    return changedIds;
  });
  if (changed.length === 0) return changed;
  context.responses.forget();
  const at = context.clock();
  for (const id of changed) {
    await auditRequest(context.db, request, at, { action: 'comment-moderate', target: `${id} ${status}` });
  }
  return changed;
}

/** The agency's answer to a top-level comment, approved at once with the comment it answers. */
export async function replyAsAgency(
  context: CommentContext,
  request: FastifyRequest,
  parentId: string,
  text: string,
): Promise<CommentRecord> {
  const parent = await findComment(context.db, parentId);
  if (!parent) throw new HttpError(404, `There is no comment ${parentId}: it may have been erased.`);
  if (parent.parent_id !== null) {
    throw new HttpError(400, 'Replies go one level deep: answer the first comment of the conversation instead.');
  }
  if (parent.status === 'spam' || parent.status === 'trash') {
    throw new HttpError(
      400,
      `This comment is in ${parent.status === 'spam' ? 'Spam' : 'Trash'}: restore it before answering it.`,
    );
  }
  if (text.trim().length < 2) {
    throw new HttpError(400, 'Write a reply of at least 2 characters.', [
      { path: '/text', message: 'must NOT have fewer than 2 characters' },
    ]);
  }
  const now = context.clock();
  const row: CommentRow = {
    id: randomUUID(),
    post_id: parent.post_id,
    parent_id: parent.id,
    status: 'approved',
    author_name: context.facts.brandName,
    author_email: null,
    email_key: null,
    address_hash: null,
    by_agency: 1,
    text: text.trim(),
    spam_reason: null,
    lead_id: null,
    created_at: now.toISOString(),
  };
  await context.db.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await setCommentStatus(trx, [parent.id], 'approved');
    await recordBlogChange(trx);
  });
  context.responses.forget();
  await auditRequest(context.db, request, now, { action: 'comment-reply', target: row.id });
  if (parent.status !== 'approved') {
    await auditRequest(context.db, request, now, { action: 'comment-moderate', target: `${parent.id} approved` });
  }
  return readCommentOr404(context.db, row.id);
}

/** A comment that is really a prospect's question, as an enquiry of the Inbox with its post as the landing page. */
export async function turnIntoEnquiry(
  context: CommentContext,
  request: FastifyRequest,
  id: string,
): Promise<{ leadId: string }> {
  const comment = await findComment(context.db, id);
  if (!comment) throw new HttpError(404, `There is no comment ${id}: it may have been erased.`);
  if (comment.lead_id !== null) {
    throw new HttpError(409, 'This comment was already turned into an enquiry.', [], {
      location: `/api/leads/${comment.lead_id}`,
    });
  }
  if (comment.author_email === null) {
    throw new HttpError(409, 'This comment has no e-mail address: an enquiry needs one to answer the person.');
  }
  const post = await findPostById(context.db, comment.post_id);
  const now = context.clock().toISOString();
  const lead: LeadRow = {
    id: randomUUID(),
    type: 'enquiry',
    status: 'new',
    name: comment.author_name,
    email: comment.author_email,
    email_key: emailKey(comment.author_email),
    phone: null,
    company: null,
    service: null,
    budget: null,
    message: comment.text,
    role: null,
    cover_letter: null,
    consent_text: `None: made by the team from a comment on the blog post “${post?.title ?? 'deleted post'}”.`,
    landing_page: post ? `/blogs/${post.slug}` : null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    spam_reason: null,
    created_at: now,
    updated_at: now,
  };
  const made = await context.db.transaction().execute(async (trx) => {
    if (!(await setCommentLead(trx, id, lead.id))) return false;
    await insertLead(trx, lead, randomUUID());
    return true;
  });
  if (!made) throw new HttpError(409, 'This comment was already turned into an enquiry.');
  await auditRequest(context.db, request, context.clock(), { action: 'comment-enquiry', target: lead.id });
  return { leadId: lead.id };
}
