import type { Kysely } from 'kysely';
import { ResponseCache } from '../http/response-cache.ts';
import { findNextPublication } from './post-store.ts';
import type { Database } from '../store/schema.ts';

/** What the blog's operations need: the database, the time, and the cache of answers that every write empties. */
export interface BlogContext {
  db: Kysely<Database>;
  clock: () => Date;
  responses: ResponseCache;
}

/**
 * `now` is the clock's time in ms: `Date.now` when the clock is the real one, which spares every read answered from
 * the cache a Date of its own.
 */
export function createBlogContext(
  db: Kysely<Database>,
  clock: () => Date,
  now: () => number = () => clock().getTime(),
): BlogContext {
  const responses = new ResponseCache({
    now,
    nextPublication: async (after) => {
      const next = await findNextPublication(db, new Date(after).toISOString());
      return next === null ? Infinity : Date.parse(next);
    },
  });
  return { db, clock, responses };
}
