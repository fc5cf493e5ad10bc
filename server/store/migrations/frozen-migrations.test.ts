import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { openDatabase } from '../database.ts';
import { isPostgres } from '../dialect.ts';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

let database: TestDatabase;
let db: Kysely<Database>;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** A post stored before the search index and the term slugs existed, as a database of that time held it. */
beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  const { error } = await migrator().migrateTo('20261122110200_create_slug_redirects');
  if (error) throw error;
  const at = '2025-06-01T10:00:00.000Z';
  await sql`insert into posts (id, title, slug, summary, tags, categories, published_at, status, author, created_at,
    updated_at, content_format, html, content)
    values ('old-post', 'Shelf labels', 'shelf-labels', 'Tidy rooms', '["Local SEO"]', '["Café Guides"]', ${at},
    'published', 'Ada', ${at}, ${at}, 'html', '<p>Bottles &amp; jars &#8211; sorted</p>', '<p>…</p>')`.execute(db);
  await sql`insert into post_terms (taxonomy, term_key, post_id) values ('tag', 'local seo', 'old-post'),
    ('category', 'café guides', 'old-post')`.execute(db);
  const latest = await migrator().migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('migrations that fill in what older databases lack', () => {
  it('index the posts already stored, body text with its entities decoded', async () => {
    const matches = isPostgres(db)
      ? await sql<{ post_id: string }>`select post_id from post_search
          where document @@ plainto_tsquery('english', 'jars sorted')`.execute(db)
      : await sql<{ post_id: string }>`select k.post_id from post_search join post_search_keys k
          on k.search_row = post_search.rowid where post_search match '"jars" "sorted"'`.execute(db);
    expect(matches.rows.map((row) => row.post_id)).toEqual(['old-post']);
  });

  it('give every stored term its URL name', async () => {
    const terms = await db.selectFrom('post_terms').select(['term_key', 'term_slug']).orderBy('term_key').execute();
    expect(terms).toEqual([
      { term_key: 'café guides', term_slug: 'cafe-guides' },
      { term_key: 'local seo', term_slug: 'local-seo' },
    ]);
  });
});
