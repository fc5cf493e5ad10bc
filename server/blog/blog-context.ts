import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { PublicResponseCache } from './public-response-cache.ts';

/** What the blog's operations need: the database, the time, and the cache of public responses. */
export interface BlogContext {
  db: Kysely<Database>;
  clock: () => Date;
  publicResponses: PublicResponseCache;
}

/** How long a public response may be served from memory when nothing is written through this instance. */
export const publicResponseTtlMs = 5000;

export function createBlogContext(db: Kysely<Database>, clock: () => Date): BlogContext {
  return { db, clock, publicResponses: new PublicResponseCache() };
}
