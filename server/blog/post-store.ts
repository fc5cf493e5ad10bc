import {
  createQueryId,
  sql,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { recordBlogChange } from './blog-changes.ts';
import { searchWords } from '../../src/domain/search-words.ts';
import { deleteSearchEntry, forgetSearchKey, searchMatches, searchParameter, writeSearchEntry } from './post-search.ts';
import { recordRevision, type RevisionInfo } from './revision-store.ts';
import { keepOldSlug, releaseSlug } from './slug-redirects.ts';
import { termSlug } from '../../src/domain/term-slug.ts';
import type { Post } from './post.ts';
import type { Database, PostStatus, PostTable, Taxonomy } from '../store/schema.ts';

export interface PostFilter {
  /** Only published posts whose publishedAt is at or before this time: what a visitor may see. */
  visibleAt?: string;
  status?: PostStatus;
  /** Only posts dated after this time: with status published, the scheduled ones. */
  publishedAfter?: string;
  /** A tag by its name or its URL name (see src/domain/term-slug.ts), case-insensitively. */
  tag?: string;
  category?: string;
  /** Only posts by the author with this URL name (users.slug). */
  author?: string;
  /** Words to find with the full-text index (title, tags, categories, summary, body); the best matches come first. */
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

/** A post's row, with the URL name of its author's page when it is read for the API (null: the team signs it). */
type PostRow = Selectable<PostTable> & { author_slug?: string | null };

/** The author's page name, read with the post by key: a name change never has to touch the posts. */
function authorSlugColumn(eb: ExpressionBuilder<Database, 'posts'>) {
  return eb.selectFrom('users').select('users.slug').whereRef('users.id', '=', 'posts.author_id').as('author_slug');
}

function toPost(row: PostRow): Post {
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
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    ogImage: row.og_image,
    canonicalUrl: row.canonical_url,
    publishedAt: row.published_at,
    status: row.status,
    author: row.author,
    authorId: row.author_id,
    ...(row.author_slug !== undefined && { authorSlug: row.author_slug }),
    reviewRequestedAt: row.review_requested_at,
    commentsOpen: row.comments_open !== 0,
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
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    og_image: post.ogImage,
    canonical_url: post.canonicalUrl,
    published_at: post.publishedAt,
    status: post.status,
    author: post.author,
    author_id: post.authorId ?? null,
    review_requested_at: post.reviewRequestedAt ?? null,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
    content_format: post.contentFormat,
    html: post.html,
    content: post.content,
    comments_open: post.commentsOpen === false ? 0 : 1,
  };
}

/** What the filter asks of a post's own columns and terms: the same for listings and searches. */
function postConditions(eb: ExpressionBuilder<Database, 'posts'>, filter: PostFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.visibleAt !== undefined) {
    conditions.push(eb('posts.status', '=', 'published'), eb('posts.published_at', '<=', filter.visibleAt));
  } else if (filter.status !== undefined) {
    conditions.push(eb('posts.status', '=', filter.status));
  }
  if (filter.publishedAfter !== undefined) conditions.push(eb('posts.published_at', '>', filter.publishedAfter));
  for (const [taxonomy, term] of [
    ['tag', filter.tag],
    ['category', filter.category],
  ] as const) {
    if (term === undefined) continue;
    const postsWithTerm = eb
      .selectFrom('post_terms')
      .select('post_terms.post_id')
      .where('post_terms.taxonomy', '=', taxonomy)
      .where('post_terms.term_slug', '=', termSlug(term));
    conditions.push(eb('posts.id', 'in', postsWithTerm));
  }
  if (filter.author !== undefined) {
    const author = eb.selectFrom('users').select('users.id').where('users.slug', '=', filter.author);
    conditions.push(eb('posts.author_id', 'in', author));
  }
  return eb.and(conditions);
}

/** The words to search for: undefined when the filter has no text, empty when the text has no word in it. */
function filterWords(filter: PostFilter): string[] | undefined {
  return filter.text === undefined ? undefined : searchWords(filter.text);
}

function filteredPosts(db: Kysely<Database>, filter: PostFilter) {
  return (
    db
      .selectFrom('posts')
      .where((eb) => postConditions(eb, filter))
      // Text with no word in it (only punctuation) matches nothing, rather than everything.
      .$if(filterWords(filter)?.length === 0, (query) => query.where(sql<boolean>`1 = 0`))
  );
}

/**
 * The matching posts that pass the filter. The matches come from the full-text index first, materialised, and only
 * then meet posts (CROSS JOIN keeps that order in SQLite): left free, SQLite's planner walked every visible post
 * through the status and date index and asked the full-text index about each one, a scan that grew with the blog.
 */
function matchingPosts(db: Kysely<Database>, words: readonly string[], filter: PostFilter, ranked = true) {
  return db
    .with(
      (cte) => cte('matches').materialized(),
      () => searchMatches(db, words, { ranked }),
    )
    .selectFrom('matches')
    .crossJoin('posts')
    .whereRef('posts.id', '=', 'matches.post_id')
    .where((eb) => postConditions(eb, filter));
}

/**
 * One page of a search, best matches first, each row carrying the number of matches. The filtered matches are kept
 * once as narrow rows (id, rank, date), counted, and sorted for the page; only the page's posts are read whole, by
 * key. (A count(*) over () window did the same in one pass, but cost SQLite three times as much as this count.)
 * Exported for a test of its query plan.
 */
export function searchPageQuery(db: Kysely<Database>, words: readonly string[], filter: PostFilter, page: Page) {
  return db
    .with(
      (cte) => cte('matches').materialized(),
      () => searchMatches(db, words),
    )
    .with(
      (cte) => cte('found').materialized(),
      (creator) =>
        creator
          .selectFrom('matches')
          .crossJoin('posts')
          .whereRef('posts.id', '=', 'matches.post_id')
          .where((eb) => postConditions(eb, filter))
          .select([
            'posts.id as post_id',
            'matches.rank as rank',
            sql<string>`coalesce(posts.published_at, posts.created_at)`.as('sort_at'),
          ]),
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('found')
        .selectAll()
        .orderBy('rank', 'desc')
        .orderBy('sort_at', 'desc')
        .orderBy('post_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .as('page'),
    )
    .innerJoin('posts', 'posts.id', 'page.post_id')
    .selectAll('posts')
    .select(authorSlugColumn)
    .select((eb) => eb.selectFrom('found').select(eb.fn.countAll().as('n')).as('total'))
    .orderBy('page.rank', 'desc')
    .orderBy('page.sort_at', 'desc')
    .orderBy('posts.id', 'desc');
}

/** How many posts match and pass the filter, unranked. Exported for a test of its query plan. */
export function searchCountQuery(db: Kysely<Database>, words: readonly string[], filter: PostFilter) {
  return matchingPosts(db, words, filter, false).select((eb) => eb.fn.countAll().as('total'));
}

type SearchPageRow = Awaited<ReturnType<ReturnType<typeof searchPageQuery>['execute']>>[number];

/** What a visitor's search query is compiled with, once; each value is then put where its stand-in stands. */
const standIns = { words: ['\u0001words'], visibleAt: '\u0001visible-at', limit: -1_000_001, offset: -1_000_002 };

/** Per database (its dialect writes the SQL): the query of a visitor's search, compiled. */
const compiledVisitorSearches = new WeakMap<Kysely<Database>, CompiledQuery<SearchPageRow>>();

/**
 * The page query of a visitor's search (the words and what is visible now, no other filter: what /blog?q= asks),
 * compiled once and given each search's values: building and compiling Kysely's tree of this query cost about as
 * much as SQLite's search itself. Other filters are built as they come.
 */
function visitorSearchPage(
  db: Kysely<Database>,
  words: readonly string[],
  visibleAt: string,
  page: Page,
): CompiledQuery<SearchPageRow> {
  let compiled = compiledVisitorSearches.get(db);
  if (compiled === undefined) {
    compiled = searchPageQuery(db, standIns.words, { visibleAt: standIns.visibleAt }, standIns).compile();
    compiledVisitorSearches.set(db, compiled);
  }
  const values = new Map<unknown, unknown>([
    [searchParameter(db, standIns.words), searchParameter(db, words)],
    [standIns.visibleAt, visibleAt],
    [standIns.limit, page.limit],
    [standIns.offset, page.offset],
  ]);
  const parameters = compiled.parameters.map((parameter) =>
    values.has(parameter) ? values.get(parameter) : parameter,
  );
  return { ...compiled, queryId: createQueryId(), parameters };
}

/** A visitor's filter with words and nothing else: the one shape of search compiled once. */
function visitorSearchTime({ text, visibleAt, ...others }: PostFilter): string | undefined {
  const onlyWords = text !== undefined && Object.values(others).every((value) => value === undefined);
  return onlyWords ? visibleAt : undefined;
}

async function searchCount(db: Kysely<Database>, words: readonly string[], filter: PostFilter): Promise<number> {
  const { total } = await searchCountQuery(db, words, filter).executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * A page of posts and how many pass the filter in all. The best matches first when searching; otherwise newest
 * first, by publication date or else creation date.
 */
export async function listPostPage(
  db: Kysely<Database>,
  filter: PostFilter,
  page: Page,
): Promise<{ posts: Post[]; total: number }> {
  const words = filterWords(filter);
  if (words === undefined || words.length === 0) {
    const [posts, total] = await Promise.all([listPosts(db, filter, page), countPosts(db, filter)]);
    return { posts, total };
  }
  const visibleAt = visitorSearchTime(filter);
  const rows =
    visibleAt === undefined
      ? await searchPageQuery(db, words, filter, page).execute()
      : (await db.executeQuery(visitorSearchPage(db, words, visibleAt, page))).rows;
  // Each row carries the count. A first page without a row has nothing to count; a later page past the last match
  // has no row to carry it, so it is asked for.
  const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await searchCount(db, words, filter) : 0;
  return { posts: rows.map(({ total: _total, ...row }) => toPost(row)), total };
}

export async function listPosts(db: Kysely<Database>, filter: PostFilter, page: Page): Promise<Post[]> {
  const words = filterWords(filter);
  if (words !== undefined && words.length > 0) return (await listPostPage(db, filter, page)).posts;
  // The page is chosen on narrow rows, then read whole by key: sorting whole posts (bodies and all) cost ten
  // times as much at 10,000 posts.
  const pageKeys = filteredPosts(db, filter)
    .select(['posts.id as post_id', sql<string>`coalesce(posts.published_at, posts.created_at)`.as('sort_at')])
    .orderBy('sort_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .selectFrom(pageKeys.as('page'))
    .innerJoin('posts', 'posts.id', 'page.post_id')
    .selectAll('posts')
    .select(authorSlugColumn)
    .orderBy('page.sort_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
  return rows.map(toPost);
}

export async function countPosts(db: Kysely<Database>, filter: PostFilter): Promise<number> {
  const words = filterWords(filter);
  if (words !== undefined && words.length > 0) return searchCount(db, words, filter);
  const { total } = await filteredPosts(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function findPostById(db: Kysely<Database>, id: string): Promise<Post | undefined> {
  const row = await db.selectFrom('posts').selectAll().select(authorSlugColumn).where('id', '=', id).executeTakeFirst();
  return row && toPost(row);
}

export async function findPostBySlug(db: Kysely<Database>, slug: string): Promise<Post | undefined> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .select(authorSlugColumn)
    .where('slug', '=', slug)
    .executeTakeFirst();
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
    [...new Set(names.map(termKey))].map((key) => ({
      taxonomy,
      term_key: key,
      term_slug: termSlug(key),
      post_id: post.id,
    }));
  const rows = [...terms('tag', post.tags), ...terms('category', post.categories)];
  if (rows.length > 0) await trx.insertInto('post_terms').values(rows).execute();
}

/** Everything that goes with a write of a post, in its transaction: terms, search index, slug claim, revision. */
async function writeCompanions(trx: Transaction<Database>, post: Post, revision: RevisionInfo): Promise<void> {
  await replaceTerms(trx, post);
  await writeSearchEntry(trx, post.id, post);
  // Only a published post takes over an old address: a draft that borrows a moved post's old slug leaves its 301 be.
  if (post.status === 'published') await releaseSlug(trx, post.slug);
  await recordRevision(trx, post, revision);
  await recordBlogChange(trx);
}

/** Throws a unique violation (see isUniqueViolation) when the slug is taken. */
export async function insertPost(db: Kysely<Database>, post: Post, revision: RevisionInfo): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(toRow(post)).execute();
    await writeCompanions(trx, post, revision);
  });
}

/**
 * Writes the post only if it still has the updatedAt it was read with, so that a concurrent edit is never
 * overwritten silently. Returns false when it had changed. Throws a unique violation when the slug is taken.
 * A slug given up keeps pointing at the post.
 */
export async function updatePost(
  db: Kysely<Database>,
  post: Post,
  stored: Pick<Post, 'slug' | 'updatedAt'>,
  revision: RevisionInfo,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { id, ...changes } = toRow(post);
    const result = await trx
      .updateTable('posts')
      .set(changes)
      .where('id', '=', id)
      .where('updated_at', '=', stored.updatedAt)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    if (stored.slug !== post.slug) await keepOldSlug(trx, stored.slug, post.id, post.updatedAt);
    await writeCompanions(trx, post, revision);
    return true;
  });
}

/** A draft waiting for an editor's review; its content and updatedAt stay as they are. */
export async function markForReview(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('posts').set({ review_requested_at: at }).where('id', '=', id).execute();
}

/** Its slugs, old and current, then answer "gone". */
export async function deletePost(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select('slug').where('id', '=', id).executeTakeFirst();
    if (!post) return false;
    await deleteSearchEntry(trx, id);
    await forgetSearchKey(trx, id);
    await trx.deleteFrom('posts').where('id', '=', id).execute();
    await keepOldSlug(trx, post.slug, id, at);
    await recordBlogChange(trx);
    return true;
  });
}

/** Every tag and category of a post visible at `visibleAt`, by URL name, with the last change of its posts. */
export async function listArchiveTerms(
  db: Kysely<Database>,
  visibleAt: string,
): Promise<{ taxonomy: Taxonomy; slug: string; updatedAt: string }[]> {
  const rows = await db
    .selectFrom('post_terms')
    .innerJoin('posts', 'posts.id', 'post_terms.post_id')
    .select((eb) => ['post_terms.taxonomy', 'post_terms.term_slug', eb.fn.max('posts.updated_at').as('updatedAt')])
    .where('posts.status', '=', 'published')
    .where('posts.published_at', '<=', visibleAt)
    .where('post_terms.term_slug', 'is not', null)
    .where('post_terms.term_slug', '!=', '')
    .groupBy(['post_terms.taxonomy', 'post_terms.term_slug'])
    .orderBy('post_terms.taxonomy')
    .orderBy('post_terms.term_slug')
    .execute();
  return rows.map((row) => ({ taxonomy: row.taxonomy, slug: row.term_slug!, updatedAt: row.updatedAt }));
}
