import { importGraph } from './import-cycles.ts';

/** The one module through which a test reaches the database named by TEST_DATABASE_URL. */
export const testDatabaseModule = 'server/test-support/test-database.ts';

const serverTest = /^server\/.*\.test\.ts$/;
const sqliteOnly = /\.sqlite\.test\.ts$/;

/**
 * The server's test files that the PostgreSQL pass of `npm test` runs: those whose imports, followed through every
 * module, reach test-database.ts (or that read TEST_DATABASE_URL themselves). The others never see the setting, so a
 * second pass would run them exactly as the first did. `*.sqlite.test.ts` files are SQLite's alone.
 */
export function databaseTestFiles(modules: ReadonlyMap<string, string>): {
  postgres: string[];
  databaseFree: string[];
} {
  // Walked backwards from the database, once: every importer of a module that reaches it reaches it too. (Following
  // each test's imports forwards visits a module once per path to it, and the features' index files make those many.)
  const importers = new Map<string, string[]>();
  for (const [path, targets] of importGraph(modules)) {
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), path]);
  }
  const reaching = new Set(
    [...modules]
      .filter(([path, text]) => path === testDatabaseModule || text.includes('TEST_DATABASE_URL'))
      .map(([path]) => path),
  );
  for (const path of reaching) for (const importer of importers.get(path) ?? []) reaching.add(importer);
  const reachesDatabase = (path: string) => reaching.has(path);
  const tests = [...modules.keys()].filter((path) => serverTest.test(path) && !sqliteOnly.test(path)).sort();
  return {
    postgres: tests.filter((path) => reachesDatabase(path)),
    databaseFree: tests.filter((path) => !reachesDatabase(path)),
  };
}
