import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase } from '../store/database.ts';
import { isPostgres } from '../store/dialect.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { writeSearchEntry } from './post-search.ts';
import { listPostPage, searchCountQuery, searchPageQuery, type PostFilter } from './post-store.ts';
import type { Database } from '../store/schema.ts';

const postCount = 2000;
const visitor: PostFilter = { visibleAt: '2026-01-01T00:00:00.000Z' };
const body = Array.from({ length: 60 }, (_, index) => `<p>Paragraph ${index} about shelves, labels and bottles.</p>`);

let database: TestDatabase;
let db: Kysely<Database>;

/**
 * Posts written one by one into the search index, as the store writes them, and never vacuumed or analysed: the
 * state of a database just filled, in which PostgreSQL's planner once preferred reading every document.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  await migrateToLatest(db);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < postCount; start += 200) {
      const rows = Array.from({ length: 200 }, (_, offset) => {
        const index = start + offset;
        const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
        return {
          id: `post-${index}`,
          title: `Shelf notes, part ${index}`,
          slug: `shelf-notes-${index}`,
          summary: null,
          tags: '[]',
          categories: '[]',
          cover_image: null,
          meta_title: null,
          meta_description: null,
          og_image: null,
          canonical_url: null,
          published_at: at,
          status: 'published' as const,
          author: 'Test',
          created_at: at,
          updated_at: at,
          content_format: 'html' as const,
          html: body.join(''),
          content: body.join(''),
        };
      });
      await trx.insertInto('posts').values(rows).execute();
      for (const row of rows) {
        await writeSearchEntry(trx, row.id, {
          title: row.title,
          summary: null,
          tags: [],
          categories: [],
          html: row.html,
        });
      }
    }
  });
}, 120_000);

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

async function plan(query: Compilable): Promise<string[]> {
  const { sql, parameters } = query.compile();
  const prefix = isPostgres(db) ? 'explain ' : 'explain query plan ';
  const { rows } = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(prefix + sql, [...parameters]));
  return rows.map((row) => row['QUERY PLAN'] ?? row.detail!);
}

/** Reads matches from the full-text index and posts only by key: no step whose work grows with the blog. */
function expectIndexOnly(lines: string[]): void {
  if (isPostgres(db)) {
    expect(lines.join('\n')).toContain('Bitmap Index Scan on post_search_document');
    expect(lines.join('\n')).not.toMatch(/Seq Scan on (post_search|posts)\b/);
  } else {
    expect(lines).toContainEqual(expect.stringMatching(/^SCAN post_search VIRTUAL TABLE INDEX \d+:M/));
    for (const line of lines.filter((text) => /\bposts\b/.test(text))) {
      expect(line).toMatch(/^SEARCH posts USING (COVERING )?INDEX sqlite_autoindex_posts_1 \(id=\?\)$/);
    }
  }
}

describe(`search's query plan (${postCount} posts)`, () => {
  it.each([
    ['a visitor', visitor],
    ['an admin, one status', { status: 'published' } as const],
    ['a visitor, with a tag', { ...visitor, tag: 'shelves' }],
  ])('finds one match through the full-text index as %s', async (_who, filter: PostFilter) => {
    expectIndexOnly(await plan(searchPageQuery(db, ['1234'], filter, { limit: 10, offset: 0 })));
    expectIndexOnly(await plan(searchCountQuery(db, ['1234'], filter)));
  });

  it('finds the one match, and counts it', async () => {
    const { posts, total } = await listPostPage(db, { ...visitor, text: '1234' }, { limit: 10, offset: 0 });
    expect(posts.map((post) => post.slug)).toEqual(['shelf-notes-1234']);
    expect(total).toBe(1);
    expect(await listPostPage(db, { ...visitor, text: '1234' }, { limit: 10, offset: 10 })).toEqual({
      posts: [],
      total: 1,
    });
  });

  /** `db` with a count of the queries it runs and of those it compiles. */
  function countedDatabase() {
    const counts = { run: 0, compiled: 0 };
    const counted = db.withPlugin({
      transformQuery: ({ node }) => {
        counts.compiled += 1;
        return node;
      },
      transformResult: async ({ result }) => {
        counts.run += 1;
        return result;
      },
    });
    return { counted, counts };
  }

  it('asks the database once for a search that finds nothing, and counts again only past the last match', async () => {
    const { counted, counts } = countedDatabase();
    const search = (text: string, offset: number) => listPostPage(counted, { ...visitor, text }, { limit: 10, offset });
    expect(await search('nowhere 1234', 0)).toEqual({ posts: [], total: 0 });
    expect(counts.run).toBe(1);
    counts.run = 0;
    expect(await search('1234', 10)).toEqual({ posts: [], total: 1 });
    expect(counts.run).toBe(2);
    counts.run = 0;
    expect((await search('1234', 0)).total).toBe(1);
    expect(counts.run).toBe(1);
  });

  it("compiles a visitor's search once, and gives each search its own words, time and page", async () => {
    const { counted, counts } = countedDatabase();
    const search = (text: string, filter: PostFilter, offset = 0) =>
      listPostPage(counted, { ...filter, text }, { limit: 10, offset });
    expect((await search('1234', visitor)).posts.map((post) => post.slug)).toEqual(['shelf-notes-1234']);
    expect(counts.compiled).toBe(1);
    expect((await search('"part 77"', visitor)).posts.map((post) => post.slug)).toEqual(['shelf-notes-77']);
    expect((await search('1234 nowhere', visitor)).posts).toEqual([]);
    // Posts are dated a minute apart from 2025-01-01: at 00:30, the first 31 are visible.
    const early = { visibleAt: '2025-01-01T00:30:00.000Z' };
    expect((await search('1234', early)).total).toBe(0);
    const page = await search('shelf', early, 25);
    expect(page.total).toBe(31);
    expect(page.posts).toHaveLength(6);
    expect(counts.compiled).toBe(1);
    expect(counts.run).toBe(5);

    // Any other filter is built as it comes.
    expect((await search('1234', { ...visitor, tag: 'shelves' })).posts).toEqual([]);
    expect(counts.compiled).toBe(2);
  });
});
