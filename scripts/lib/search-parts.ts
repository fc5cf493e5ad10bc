import { sql, type Kysely } from 'kysely';
import { toPostJson } from '../../server/blog/post.ts';
import { openDatabase, type StoreLocation } from '../../server/store/database.ts';
import { isPostgres } from '../../server/store/dialect.ts';
import { searchMatches } from '../../server/blog/post-search.ts';
import { listPostPage, searchCountQuery, searchPageQuery, type PostFilter } from '../../server/blog/post-store.ts';
import type { Database } from '../../server/store/schema.ts';
import { medianOf } from './figures.ts';

export interface SearchParts {
  label: string;
  matches: number;
  /** Median milliseconds of each part. */
  parts: Record<string, number>;
}

async function medianMs(work: () => Promise<unknown>, runs: number): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return medianOf(times);
}

/** What a search that reads every visible post would cost: the yardstick for "an index, not a scan". */
function scanEveryPost(db: Kysely<Database>, word: string, visibleAt: string) {
  const pattern = `%${word}%`;
  const text = isPostgres(db) ? sql<boolean>`posts.html ilike ${pattern}` : sql<boolean>`posts.html like ${pattern}`;
  return db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('status', '=', 'published')
    .where('published_at', '<=', visibleAt)
    .where(text)
    .executeTakeFirstOrThrow();
}

/**
 * Times each part of a visitor's search in the store, in this process and without HTTP: the match through the index
 * alone, the ranking of every match, the count with the visitor's filter, the page query as the API runs it (filter,
 * rank, count, then the page's posts by key), the JSON of that page, and for comparison a scan of every visible post.
 */
export async function timeSearchParts(
  location: StoreLocation,
  searches: { label: string; word: string }[],
  runs = 25,
): Promise<SearchParts[]> {
  const db = openDatabase(location);
  const visibleAt = new Date().toISOString();
  const filter: PostFilter = { visibleAt };
  const page = { limit: 10, offset: 0 };
  try {
    const results: SearchParts[] = [];
    for (const { label, word } of searches) {
      const words = [word];
      const { posts, total } = await listPostPage(db, { ...filter, text: word }, page);
      const parts = {
        'index match': await medianMs(
          () =>
            db
              .selectFrom(searchMatches(db, words, { ranked: false }).as('matches'))
              .select((eb) => eb.fn.countAll().as('total'))
              .execute(),
          runs,
        ),
        'rank all matches': await medianMs(
          () =>
            db
              .selectFrom(searchMatches(db, words).as('matches'))
              .select(['matches.post_id', 'matches.rank'])
              .orderBy('matches.rank', 'desc')
              .limit(10)
              .execute(),
          runs,
        ),
        'count, status and date filter': await medianMs(() => searchCountQuery(db, words, filter).execute(), runs),
        'page query (all of it)': await medianMs(() => searchPageQuery(db, words, filter, page).execute(), runs),
        'JSON of the page': await medianMs(async () => JSON.stringify(posts.map(toPostJson)), runs),
        'scan of every post': await medianMs(() => scanEveryPost(db, word, visibleAt), Math.min(runs, 7)),
      };
      results.push({ label, matches: total, parts });
    }
    return results;
  } finally {
    await db.destroy();
  }
}
