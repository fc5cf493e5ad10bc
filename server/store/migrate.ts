import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

const firstMigration = Object.keys(migrations).sort()[0];

/**
 * Applies every pending migration. `fresh` is true when this call created the database's first tables: decided from
 * what this call applied (under the migrator's lock), so two instances starting together cannot both see it fresh.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<{ fresh: boolean }> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
  return { fresh: results.some((result) => result.migrationName === firstMigration && result.status === 'Success') };
}
