import { sql, type Kysely, type Selectable } from 'kysely';
import type { CommentRecord, CommentStatus, PublicComment } from '../../src/content/types.gen.ts';
import { recordBlogChange } from '../blog/index.ts';
import type { CommentTable, Database } from '../store/schema.ts';

export type CommentRow = Selectable<CommentTable>;

/** A comment with what the moderation queue shows beside it. */
export interface QueuedCommentRow extends CommentRow {
  post_title: string;
  post_slug: string;
  reply_count: number | string | bigint;
}

export interface CommentFilter {
  status: CommentStatus;
  postId?: string;
  /** Words to find in names, texts and, with `searchEmails`, e-mail addresses. */
  q?: string;
  /** Whether `q` also looks in e-mail addresses: only for roles that see them (the `leads` permission). */
  searchEmails?: boolean;
}

/** The one mapper from the store's rows to the moderation queue's record (schemas/comment.schema.json). */
export function toCommentRecord(row: QueuedCommentRow): CommentRecord {
  const record: CommentRecord = {
    _id: row.id,
    postId: row.post_id,
    postTitle: row.post_title,
    postSlug: row.post_slug,
    parentId: row.parent_id,
    status: row.status,
    authorName: row.author_name,
    hasEmail: row.author_email !== null,
    byAgency: row.by_agency !== 0,
    text: row.text,
    createdAt: row.created_at,
    replyCount: Number(row.reply_count),
  };
  if (row.author_email !== null) record.authorEmail = row.author_email;
  if (row.spam_reason !== null) record.spamReason = row.spam_reason;
  if (row.lead_id !== null) record.leadId = row.lead_id;
  return record;
}

export async function insertComment(db: Kysely<Database>, row: CommentRow): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}

export async function findComment(db: Kysely<Database>, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

function queueQuery(db: Kysely<Database>) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .selectAll('comments')
    .select((eb) => [
      'posts.title as post_title',
      'posts.slug as post_slug',
      eb
        .selectFrom('comments as replies')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('replies.parent_id', '=', 'comments.id')
        .as('reply_count'),
    ]);
}

/** One comment as the queue shows it, or undefined. */
export async function readComment(db: Kysely<Database>, id: string): Promise<CommentRecord | undefined> {
  const row = await queueQuery(db).where('comments.id', '=', id).executeTakeFirst();
  return row && toCommentRecord(row as QueuedCommentRow);
}

const likePattern = (words: string): string => `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered<T extends ReturnType<typeof queueQuery>>(query: T, filter: CommentFilter): T {
  let result = query.where('comments.status', '=', filter.status);
  if (filter.postId !== undefined) result = result.where('comments.post_id', '=', filter.postId);
  if (filter.q !== undefined) {
    const pattern = likePattern(filter.q);
    result = result.where((eb) =>
      eb.or(
        ['comments.author_name', 'comments.text', ...(filter.searchEmails ? ['comments.email_key'] : [])].map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return result as T;
}

/** A page of the queue, newest first, with the total of the filter. */
export async function listComments(
  db: Kysely<Database>,
  filter: CommentFilter,
  page: { limit: number; offset: number },
): Promise<{ comments: CommentRecord[]; total: number }> {
  const rows = await filtered(queueQuery(db), filter)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = filtered(queueQuery(db), filter).clearSelect().clearOrderBy();
  const { total } = await counted.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { comments: rows.map((row) => toCommentRecord(row as QueuedCommentRow)), total: Number(total) };
}

/** The approved comments of a post as readers see them: conversations oldest first, each with its replies. */
export async function publicComments(db: Kysely<Database>, postId: string): Promise<PublicComment[]> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'author_name', 'by_agency', 'text', 'created_at'])
    .where('post_id', '=', postId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const threads = new Map<string, PublicComment & { replies: PublicComment[] }>();
  const toPublic = (row: (typeof rows)[number]): PublicComment => ({
    _id: row.id,
    authorName: row.author_name,
    byAgency: row.by_agency !== 0,
    text: row.text,
    createdAt: row.created_at,
  });
  for (const row of rows) if (row.parent_id === null) threads.set(row.id, { ...toPublic(row), replies: [] });
  // A reply whose comment is not approved (any more) is not shown: it would answer nothing a reader sees.
  for (const row of rows) if (row.parent_id !== null) threads.get(row.parent_id)?.replies.push(toPublic(row));
  return [...threads.values()];
}

/**
 * Whether a comment under this name, from this e-mail or this address, has been approved before. The name must be the
 * same: anyone may type an approved commenter's e-mail, and would otherwise publish under any name at once.
 */
export async function approvedBefore(
  db: Kysely<Database>,
  authorName: string,
  emailKey: string | null,
  addressHash: string | null,
): Promise<boolean> {
  if (emailKey === null && addressHash === null) return false;
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('status', '=', 'approved')
    .where('by_agency', '=', 0)
    .where('author_name', '=', authorName)
    .where((eb) =>
      eb.or([
        ...(emailKey === null ? [] : [eb('email_key', '=', emailKey)]),
        ...(addressHash === null ? [] : [eb('address_hash', '=', addressHash)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the status of these comments; the ids of those that exist and changed. */
export async function setCommentStatus(
  db: Kysely<Database>,
  ids: readonly string[],
  status: CommentStatus,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const changed = await db
    .selectFrom('comments')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', status)
    .execute();
  const changedIds = changed.map((row) => row.id);
  if (changedIds.length > 0) {
    await db.updateTable('comments').set({ status }).where('id', 'in', changedIds).execute();
  }
  return changedIds;
}

/** Records the lead made from a comment, unless one was already: false when another request did it first. */
export async function setCommentLead(db: Kysely<Database>, id: string, leadId: string): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ lead_id: leadId })
    .where('id', '=', id)
    .where('lead_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every comment of one e-mail address key, newest first, as the queue reads them. */
export async function commentsOfEmail(db: Kysely<Database>, key: string): Promise<CommentRecord[]> {
  const rows = await queueQuery(db)
    .where('comments.email_key', '=', key)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .execute();
  return rows.map((row) => toCommentRecord(row as QueuedCommentRow));
}

/** Deletes every comment of one e-mail address key (with the replies to them and their notifications). */
export async function deleteCommentsOfEmail(db: Kysely<Database>, key: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('comments').select('id').where('email_key', '=', key).execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx
      .deleteFrom('mail_outbox')
      .where(
        'about',
        'in',
        ids.map((id) => `comment:${id}`),
      )
      .execute();
    await trx.deleteFrom('comments').where('parent_id', 'in', ids).execute();
    const deleted = await trx.deleteFrom('comments').where('id', 'in', ids).executeTakeFirst();
    // Every instance forgets the post pages that showed them.
    await recordBlogChange(trx);
    return Number(deleted.numDeletedRows);
  });
}

/** Retention: comments never published (waiting, spam or trashed) that arrived before `before`, e-mails and all. */
export async function deleteUnpublishedCommentsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('comments')
    .where('status', 'in', ['pending', 'spam', 'trash'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
