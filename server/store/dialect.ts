import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Full-text search is the one place where the two databases need different SQL. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
