import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

import type { PostStatus } from '../store/schema.ts';

export type SlugFate = { movedTo: string; status: PostStatus; publishedAt: string | null } | { gone: true } | undefined;

/** A post now uses this slug: an old redirect or a deleted post's claim on it ends. */
export async function releaseSlug(trx: Transaction<Database>, slug: string): Promise<void> {
  await trx.deleteFrom('slug_redirects').where('slug', '=', slug).execute();
}

/**
 * Keeps a slug pointing at its post after the post moves to another slug, or after it is deleted. A slug that still
 * leads to another post (a draft had borrowed it without publishing) keeps leading there.
 */
export async function keepOldSlug(trx: Transaction<Database>, slug: string, postId: string, at: string): Promise<void> {
  await trx.deleteFrom('slug_redirects').where('slug', '=', slug).where('post_id', '=', postId).execute();
  await trx
    .insertInto('slug_redirects')
    .values({ slug, post_id: postId, created_at: at })
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
}

/**
 * What became of a slug no post uses: the post's current slug (one hop, however many renames), gone (the post was
 * deleted), or undefined when no post ever had it.
 */
export async function slugFate(db: Kysely<Database>, slug: string): Promise<SlugFate> {
  const row = await db
    .selectFrom('slug_redirects')
    .leftJoin('posts', 'posts.id', 'slug_redirects.post_id')
    .select(['posts.slug as currentSlug', 'posts.status as status', 'posts.published_at as publishedAt'])
    .where('slug_redirects.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.currentSlug === null || row.status === null) return { gone: true };
  return { movedTo: row.currentSlug, status: row.status, publishedAt: row.publishedAt };
}

/** Whether a post with this id existed and was deleted. */
export async function wasDeleted(db: Kysely<Database>, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('slug_redirects')
    .leftJoin('posts', 'posts.id', 'slug_redirects.post_id')
    .select('posts.id as livingId')
    .where('slug_redirects.post_id', '=', postId)
    .executeTakeFirst();
  return row !== undefined && row.livingId === null;
}
