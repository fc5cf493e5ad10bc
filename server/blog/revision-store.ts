import type { Kysely, Transaction } from 'kysely';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { toPostJson, type Post } from './post.ts';
import { readRevisionSnapshot } from './revision-snapshot.ts';
import type { Database, PostRevisionTable, RevisionKind, RevisionReason } from '../store/schema.ts';

/** How many versions of each post are kept: the newest. */
export const keptRevisions = 25;

export interface RevisionInfo {
  id: string;
  /** The admin saving. */
  author: string;
  reason: RevisionReason;
  kind: RevisionKind;
}

export interface RevisionSummary extends RevisionInfo {
  postId: string;
  createdAt: string;
  title: string;
}

export interface Revision extends RevisionSummary {
  /** The post as it was, in the API's record shape. */
  post: BlogPost;
}

/** Keeps this version of the post, and drops the oldest beyond the kept number; inside the post's write. */
export async function recordRevision(trx: Transaction<Database>, post: Post, info: RevisionInfo): Promise<void> {
  await trx
    .insertInto('post_revisions')
    .values({
      id: info.id,
      post_id: post.id,
      // A post's updatedAt goes up with every write, so its revisions sort by it without ties.
      created_at: post.updatedAt,
      author: info.author,
      reason: info.reason,
      kind: info.kind,
      title: post.title,
      snapshot: JSON.stringify(toPostJson(post)),
    })
    .execute();
  const newest = trx
    .selectFrom('post_revisions')
    .select('id')
    .where('post_id', '=', post.id)
    .orderBy('created_at', 'desc')
    .limit(keptRevisions);
  await trx.deleteFrom('post_revisions').where('post_id', '=', post.id).where('id', 'not in', newest).execute();
}

/** Newest first. */
type SummaryColumns = 'id' | 'post_id' | 'created_at' | 'author' | 'reason' | 'kind' | 'title';

function toRevisionSummary(row: Pick<PostRevisionTable, SummaryColumns>): RevisionSummary {
  return {
    id: row.id,
    postId: row.post_id,
    createdAt: row.created_at,
    author: row.author,
    reason: row.reason,
    kind: row.kind,
    title: row.title,
  };
}

export async function listRevisions(db: Kysely<Database>, postId: string): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('post_revisions')
    .select(['id', 'post_id', 'created_at', 'author', 'reason', 'kind', 'title'])
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toRevisionSummary);
}

/** One revision of this post; undefined when the id is unknown or belongs to another post. */
export async function findRevision(db: Kysely<Database>, postId: string, id: string): Promise<Revision | undefined> {
  const row = await db
    .selectFrom('post_revisions')
    .selectAll()
    .where('post_id', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toRevisionSummary(row), post: readRevisionSnapshot(row.id, row.snapshot) };
}
