import { PostgresAdapter, sql, type Kysely } from 'kysely';

interface PostRow {
  id: string;
  title: string;
  summary: string | null;
  tags: string;
  categories: string;
  html: string;
}

// Frozen in time: what this migration indexes is written out here, so later changes to the live search (its
// weights, its text) never change what it does.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return namedEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

async function indexPost(db: Kysely<any>, row: PostRow): Promise<void> {
  const title = row.title;
  const summary = row.summary ?? '';
  const terms = [...(JSON.parse(row.tags) as string[]), ...(JSON.parse(row.categories) as string[])].join(' ');
  const body = htmlText(row.html);
  if (isPostgres(db)) {
    await sql`insert into post_search (post_id, document) values (${row.id},
      setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${terms}), 'B')
      || setweight(to_tsvector('english', ${summary}), 'B') || setweight(to_tsvector('english', ${body}), 'D'))`.execute(
      db,
    );
    return;
  }
  await sql`insert into post_search_keys (post_id) values (${row.id})`.execute(db);
  await sql`insert into post_search (rowid, title, summary, terms, body)
    select search_row, ${title}, ${summary}, ${terms}, ${body} from post_search_keys where post_id = ${row.id}`.execute(
    db,
  );
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
    for (const row of rows) await indexPost(db, row);
    lastId = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table post_search`.execute(db);
  if (!isPostgres(db)) await sql`drop table post_search_keys`.execute(db);
}
