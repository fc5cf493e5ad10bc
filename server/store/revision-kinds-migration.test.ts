import { rmSync } from 'node:fs';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

let dataDir: string;
let database: TestDatabase;
afterEach(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the migration that names what each version did', () => {
  it('names the versions saved before it by their reason: autosaved, restored, or edited', async () => {
    dataDir = temporaryDirectory();
    database = await createTestDatabase();
    const db = openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo('20261123001000_search_index_without_pending_list')).error).toBeUndefined();
      const at = '2025-12-01T12:00:00.000Z';
      await db
        .insertInto('posts')
        .values({
          id: 'p1',
          title: 'Old post',
          slug: 'old-post',
          summary: null,
          tags: '[]',
          categories: '[]',
          content: '<p>Old.</p>',
          content_format: 'html',
          html: '<p>Old.</p>',
          cover_image: null,
          published_at: null,
          status: 'draft',
          author: 'Northbeam Team',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const revision = (id: string, reason: string, second: number) => ({
        id,
        post_id: 'p1',
        created_at: `2025-12-01T12:00:0${second}.000Z`,
        author: 'Northbeam Team',
        reason,
        title: 'Old post',
        snapshot: '{}',
      });
      await db
        .insertInto('post_revisions')
        .values([revision('r1', 'save', 1), revision('r2', 'autosave', 2), revision('r3', 'restore', 3)] as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom('post_revisions').select(['id', 'kind']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'r1', kind: 'edited' },
        { id: 'r2', kind: 'autosaved' },
        { id: 'r3', kind: 'restored' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
