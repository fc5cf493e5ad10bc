import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';
import { plainText } from '../../src/domain/plain-text.ts';
import { isPostgres } from '../store/dialect.ts';

export interface SearchSource {
  title: string;
  summary: string | null;
  tags: readonly string[];
  categories: readonly string[];
  /** The sanitised HTML of the body. */
  html: string;
}

/** What the index holds of a post, weighted from the title (most) to the body (least). */
export interface SearchDocument {
  title: string;
  summary: string;
  terms: string;
  body: string;
}

export function searchDocument(source: SearchSource): SearchDocument {
  return {
    title: source.title,
    summary: source.summary ?? '',
    terms: [...source.tags, ...source.categories].join(' '),
    body: plainText(source.html),
  };
}

/** FTS5 query: every word as a quoted string (NEAR, AND, OR, NOT are then words too), all of them required. */
function ftsQuery(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
}

/** Adds or replaces the post's entry in the index; call inside the transaction that writes the post. */
export async function writeSearchEntry(db: Kysely<Database>, postId: string, source: SearchSource): Promise<void> {
  const document = searchDocument(source);
  if (isPostgres(db)) {
    const vector = sql`setweight(to_tsvector('english', ${document.title}), 'A')
      || setweight(to_tsvector('english', ${document.terms}), 'B')
      || setweight(to_tsvector('english', ${document.summary}), 'B')
      || setweight(to_tsvector('english', ${document.body}), 'D')`;
    await sql`insert into post_search (post_id, document) values (${postId}, ${vector})
      on conflict (post_id) do update set document = excluded.document`.execute(db);
    return;
  }
  await deleteSearchEntry(db, postId);
  await sql`insert or ignore into post_search_keys (post_id) values (${postId})`.execute(db);
  await sql`insert into post_search (rowid, title, summary, terms, body)
    select search_row, ${document.title}, ${document.summary}, ${document.terms}, ${document.body}
    from post_search_keys where post_id = ${postId}`.execute(db);
}

/** PostgreSQL removes the entry with its post (a foreign key); an FTS5 table has no foreign keys. */
export async function deleteSearchEntry(db: Kysely<Database>, postId: string): Promise<void> {
  if (isPostgres(db)) return;
  await sql`delete from post_search where rowid = (select search_row from post_search_keys where post_id = ${postId})`.execute(
    db,
  );
}

export async function forgetSearchKey(db: Kysely<Database>, postId: string): Promise<void> {
  if (!isPostgres(db)) await sql`delete from post_search_keys where post_id = ${postId}`.execute(db);
}

/** The value a search's query is given for its words: FTS5's query, or the text PostgreSQL's parser reads. */
export function searchParameter(db: Kysely<Database>, words: readonly string[]): string {
  return isPostgres(db) ? words.join(' ') : ftsQuery(words);
}

/**
 * The posts matching every word, each with a relevance (higher is better): BM25 in SQLite, ts_rank in PostgreSQL,
 * both weighting the title above tags and summary above the body. Read through the index (FTS5, or GIN); a table
 * to join posts with. Without `ranked` the relevance is 0: counting needs no ranking, which reads every matching
 * document.
 */
export function searchMatches(
  db: Kysely<Database>,
  words: readonly string[],
  { ranked = true } = {},
): RawBuilder<{ post_id: string; rank: number }> {
  if (isPostgres(db)) {
    const query = sql`plainto_tsquery('english', ${searchParameter(db, words)})`;
    const rank = ranked ? sql`ts_rank(document, ${query})` : sql`0`;
    return sql`(select post_id, ${rank} as rank from post_search where document @@ ${query})`;
  }
  const rank = ranked ? sql`-bm25(post_search, 10.0, 4.0, 4.0, 1.0)` : sql`0`;
  return sql`(select k.post_id as post_id, ${rank} as rank
    from post_search join post_search_keys k on k.search_row = post_search.rowid
    where post_search match ${searchParameter(db, words)})`;
}
