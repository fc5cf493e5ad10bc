import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { recordBlogChange } from './blog-changes.ts';
import type { ContentFormat, Database, PostStatus, PostTable, Taxonomy } from './schema.ts';

export interface Post {
  id: string;
  title: string;
  slug: string;
  content: string;
  contentFormat: ContentFormat;
  html: string;
  summary: string | null;
  tags: string[];
  categories: string[];
  coverImage: string | null;
  publishedAt: string | null;
  status: PostStatus;
  author: string;
  createdAt: string;
  updatedAt: string;
}

export interface PostFilter {
  /** Only published posts whose publishedAt is at or before this time: what a visitor may see. */
  visibleAt?: string;
  status?: PostStatus;
  tag?: string;
  category?: string;
  /** Words to find in the title or the summary, case-insensitively. */
  text?: string;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Tags and categories match case-insensitively. */
export function termKey(term: string): string {
  return term.toLowerCase();
}

function toPost(row: Selectable<PostTable>): Post {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    contentFormat: row.content_format,
    html: row.html,
    summary: row.summary,
    tags: JSON.parse(row.tags) as string[],
    categories: JSON.parse(row.categories) as string[],
    coverImage: row.cover_image,
    publishedAt: row.published_at,
    status: row.status,
    author: row.author,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(post: Post): Selectable<PostTable> {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    tags: JSON.stringify(post.tags),
    categories: JSON.stringify(post.categories),
    cover_image: post.coverImage,
    published_at: post.publishedAt,
    status: post.status,
    author: post.author,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
    content_format: post.contentFormat,
    html: post.html,
    content: post.content,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => `!${character}`);
}

function filteredPosts(db: Kysely<Database>, filter: PostFilter) {
  let query = db.selectFrom('posts');
  if (filter.visibleAt !== undefined) {
    query = query.where('status', '=', 'published').where('published_at', '<=', filter.visibleAt);
  } else if (filter.status !== undefined) {
    query = query.where('status', '=', filter.status);
  }
  for (const [taxonomy, term] of [
    ['tag', filter.tag],
    ['category', filter.category],
  ] as const) {
    if (term === undefined) continue;
    const postsWithTerm = db
      .selectFrom('post_terms')
      .select('post_id')
      .where('taxonomy', '=', taxonomy)
      .where('term_key', '=', termKey(term));
    query = query.where('id', 'in', postsWithTerm);
  }
  if (filter.text !== undefined) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(lower(title) like ${pattern} escape '!' or lower(summary) like ${pattern} escape '!')`,
    );
  }
  return query;
}

/** Newest first: by publication date, or by creation date for posts never published. */
export async function listPosts(db: Kysely<Database>, filter: PostFilter, page: Page): Promise<Post[]> {
  const rows = await filteredPosts(db, filter)
    .selectAll()
    .orderBy(sql`coalesce(published_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toPost);
}

export async function countPosts(db: Kysely<Database>, filter: PostFilter): Promise<number> {
  const { total } = await filteredPosts(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function findPostById(db: Kysely<Database>, id: string): Promise<Post | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPost(row);
}

export async function findPostBySlug(db: Kysely<Database>, slug: string): Promise<Post | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toPost(row);
}

/** The earliest publication still to come after `after`: public listings change then. */
export async function findNextPublication(db: Kysely<Database>, after: string): Promise<string | null> {
  const { next } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', '=', 'published')
    .where('published_at', '>', after)
    .executeTakeFirstOrThrow();
  return next ?? null;
}

async function replaceTerms(trx: Transaction<Database>, post: Post): Promise<void> {
  await trx.deleteFrom('post_terms').where('post_id', '=', post.id).execute();
  const terms = (taxonomy: Taxonomy, names: string[]) =>
    [...new Set(names.map(termKey))].map((key) => ({ taxonomy, term_key: key, post_id: post.id }));
  const rows = [...terms('tag', post.tags), ...terms('category', post.categories)];
  if (rows.length > 0) await trx.insertInto('post_terms').values(rows).execute();
}

/** Throws a unique violation (see isUniqueViolation) when the slug is taken. */
export async function insertPost(db: Kysely<Database>, post: Post): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(toRow(post)).execute();
    await replaceTerms(trx, post);
    await recordBlogChange(trx);
  });
}

/**
 * Writes the post only if it still has the updatedAt it was read with, so that a concurrent edit is never
 * overwritten silently. Returns false when it had changed. Throws a unique violation when the slug is taken.
 */
export async function updatePost(db: Kysely<Database>, post: Post, readUpdatedAt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { id, ...changes } = toRow(post);
    const result = await trx
      .updateTable('posts')
      .set(changes)
      .where('id', '=', id)
      .where('updated_at', '=', readUpdatedAt)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await replaceTerms(trx, post);
    await recordBlogChange(trx);
    return true;
  });
}

export async function deletePost(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await recordBlogChange(trx);
    return true;
  });
}
