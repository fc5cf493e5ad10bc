import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { PublicResponseCache } from './public-response-cache.ts';

/** What the blog's operations need: the database, the time, and the cache of public responses. */
export interface BlogContext {
  db: Kysely<Database>;
  clock: () => Date;
  publicResponses: PublicResponseCache;
}

/**
 * The longest a public response is served from memory. Writes through any instance clear the cache within a
 * quarter of a second (change-watcher.ts); this bounds only how long a change made beside the server, by hand
 * in SQL, takes to show.
 */
export const publicResponseTtlMs = 5000;

export function createBlogContext(db: Kysely<Database>, clock: () => Date): BlogContext {
  return { db, clock, publicResponses: new PublicResponseCache() };
}
