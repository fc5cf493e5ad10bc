import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { PublicListCache } from './public-list-cache.ts';

/** What the blog's operations need: the database, the time, and the public listings cache. */
export interface BlogContext {
  db: Kysely<Database>;
  clock: () => Date;
  publicLists: PublicListCache;
}

export function createBlogContext(db: Kysely<Database>, clock: () => Date): BlogContext {
  return { db, clock, publicLists: new PublicListCache() };
}
