import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { openDatabase } from '../database.ts';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

let database: TestDatabase;
let db: Kysely<Database>;

/** Two admins and a post of a database from before roles, as it held them. */
beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('20261125120000_revisions_in_record_shape');
  if (before.error) throw before.error;
  await sql`insert into users (id, email, name, password_hash, created_at, updated_at) values
    ('second', 'b@example.com', 'Northbeam Team', 'hash', '2025-02-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'),
    ('first', 'a@example.com', 'Northbeam Team', 'hash', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`.execute(
    db,
  );
  const at = '2025-06-01T10:00:00.000Z';
  await sql`insert into posts (id, title, slug, summary, tags, categories, published_at, status, author, created_at,
    updated_at, content_format, html, content)
    values ('old-post', 'Old', 'old', null, '[]', '[]', ${at}, 'published', 'Northbeam Team', ${at}, ${at}, 'html',
    '<p>Old</p>', '<p>Old</p>')`.execute(db);
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('giving a team to a database from before roles', () => {
  it('makes the first user the owner and the others administrators, each with an author page of their own', async () => {
    const users = await db.selectFrom('users').select(['id', 'role', 'slug']).orderBy('created_at').execute();
    expect(users).toEqual([
      { id: 'first', role: 'owner', slug: 'northbeam-team' },
      { id: 'second', role: 'administrator', slug: 'northbeam-team-2' },
    ]);
  });

  it('keeps the team as the author of posts written before', async () => {
    const post = await db.selectFrom('posts').select(['author', 'author_id']).executeTakeFirstOrThrow();
    expect(post).toEqual({ author: 'Northbeam Team', author_id: null });
  });
});
