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
  const graph = importGraph(modules);
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (path: string, visiting = new Set<string>()): boolean => {
    const known = reaches.get(path);
    if (known !== undefined) return known;
    if (path === testDatabaseModule || modules.get(path)!.includes('TEST_DATABASE_URL')) return true;
    visiting.add(path);
    // A module met again on the current path adds nothing that the path's first visit does not find.
    const found = graph.get(path)!.some((target) => !visiting.has(target) && reachesDatabase(target, visiting));
    visiting.delete(path);
    // Only a definite answer is kept: one found while a cycle was cut short may be incomplete when false.
    if (found || visiting.size === 0) reaches.set(path, found);
    return found;
  };
  const tests = [...modules.keys()].filter((path) => serverTest.test(path) && !sqliteOnly.test(path)).sort();
  return {
    postgres: tests.filter((path) => reachesDatabase(path)),
    databaseFree: tests.filter((path) => !reachesDatabase(path)),
  };
}
