import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase } from '../store/database.ts';
import { migrations } from '../store/migrations/index.ts';
import { findRevision } from './revision-store.ts';
import { findPostById, updatePost } from './post-store.ts';
import type { Database } from '../store/schema.ts';

let database: TestDatabase;
let db: Kysely<Database>;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
const at = '2025-06-01T10:00:00.000Z';

/** The in-memory post as revisions kept it before they kept the API's record. */
const oldSnapshot = {
  id: 'post-1',
  title: 'Shelf labels',
  slug: 'shelf-labels',
  content: '<p>Old words</p>',
  contentFormat: 'html',
  html: '<p>Old words</p>',
  summary: null,
  tags: ['Labels'],
  categories: [],
  coverImage: null,
  metaTitle: null,
  metaDescription: null,
  ogImage: null,
  canonicalUrl: null,
  publishedAt: at,
  status: 'published',
  author: 'Ada',
  createdAt: at,
  updatedAt: at,
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  const { error } = await migrator().migrateTo('20261123001000_search_index_without_pending_list');
  if (error) throw error;
  await sql`insert into posts (id, title, slug, summary, tags, categories, published_at, status, author, created_at,
    updated_at, content_format, html, content) values ('post-1', 'Shelf labels', 'shelf-labels', null, '["Labels"]',
    '[]', ${at}, 'published', 'Ada', ${at}, ${at}, 'html', '<p>Old words</p>', '<p>Old words</p>')`.execute(db);
  // Rows as the database held them before revisions had a kind.
  const rows = [
    { id: 'rev-old', createdAt: at, snapshot: oldSnapshot },
    { id: 'rev-broken', createdAt: '2025-06-01T10:00:00.001Z', snapshot: { ...oldSnapshot, status: 'gone' } },
  ];
  for (const row of rows) {
    await sql`insert into post_revisions (id, post_id, created_at, author, reason, title, snapshot) values
      (${row.id}, 'post-1', ${row.createdAt}, 'Ada', 'save', 'Shelf labels', ${JSON.stringify(row.snapshot)})`.execute(
      db,
    );
  }
  const latest = await migrator().migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('revisions keep the post in the API record shape', () => {
  it('converts what older revisions kept', async () => {
    const revision = await findRevision(db, 'post-1', 'rev-old');
    const { id, ...rest } = oldSnapshot;
    expect(revision?.post).toEqual({ _id: id, ...rest });
  });

  it('stores new revisions as the record', async () => {
    const stored = (await findPostById(db, 'post-1'))!;
    const changed = { ...stored, title: 'Shelf labels, again', updatedAt: '2025-06-02T10:00:00.000Z' };
    expect(
      await updatePost(db, changed, stored, { id: 'rev-new', author: 'Ada', reason: 'save', kind: 'edited' }),
    ).toBe(true);
    const row = await db
      .selectFrom('post_revisions')
      .select('snapshot')
      .where('id', '=', 'rev-new')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.snapshot)).toMatchObject({ _id: 'post-1', title: 'Shelf labels, again' });
    expect(JSON.parse(row.snapshot)).not.toHaveProperty('id');
    expect((await findRevision(db, 'post-1', 'rev-new'))?.post.title).toBe('Shelf labels, again');
  });

  it('refuses to read a revision that does not hold a valid record', async () => {
    await expect(findRevision(db, 'post-1', 'rev-broken')).rejects.toThrow(
      /Revision rev-broken holds no post record \(blog-post-record.schema.json\): \/status/,
    );
  });
});
