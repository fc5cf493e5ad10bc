import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** Applies every pending migration. `fresh` is true when the database had none applied before. */
export async function migrateToLatest(db: Kysely<Database>): Promise<{ fresh: boolean }> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const fresh = (await migrator.getMigrations()).every((migration) => migration.executedAt === undefined);
  const { error } = await migrator.migrateToLatest();
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
  return { fresh };
}
