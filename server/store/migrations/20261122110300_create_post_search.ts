import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { writeSearchEntry } from '../post-search.ts';

interface PostRow {
  id: string;
  title: string;
  summary: string | null;
  tags: string;
  categories: string;
  html: string;
}

/**
 * A full-text index of posts in each database's own engine: a tsvector with a GIN index in PostgreSQL; in SQLite an
 * FTS5 table, whose integer rows post_search_keys maps to post ids. The store keeps it in step with every write;
 * the posts already stored are indexed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .createTable('post_search')
      .addColumn('post_id', 'text', (column) => column.primaryKey().references('posts.id').onDelete('cascade'))
      .addColumn('document', sql`tsvector`, (column) => column.notNull())
      .execute();
    await sql`create index post_search_document on post_search using gin (document)`.execute(db);
  } else {
    await sql`create table post_search_keys (search_row integer primary key, post_id text not null unique)`.execute(db);
    await sql`create virtual table post_search using fts5(title, summary, terms, body, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
  }
  for (let lastId = ''; ;) {
    const rows: PostRow[] = await db
      .selectFrom('posts')
      .select(['id', 'title', 'summary', 'tags', 'categories', 'html'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(200)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await writeSearchEntry(db, row.id, {
        title: row.title,
        summary: row.summary,
        tags: JSON.parse(row.tags) as string[],
        categories: JSON.parse(row.categories) as string[],
        html: row.html,
      });
    }
    lastId = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table post_search`.execute(db);
  if (!isPostgres(db)) await sql`drop table post_search_keys`.execute(db);
}
