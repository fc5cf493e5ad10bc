/**
 * Prints the server's test files that touch a database, one a line: what `npm test` runs again on PostgreSQL
 * (scripts/lib/database-test-files.ts says how they are told). `--database-free` prints the others instead.
 */
import { repoRoot } from './lib/content.ts';
import { databaseTestFiles } from './lib/database-test-files.ts';
import { readModules } from './lib/import-cycles.ts';

process.chdir(repoRoot);
const { postgres, databaseFree } = databaseTestFiles(readModules(repoRoot));
const chosen = process.argv.includes('--database-free') ? databaseFree : postgres;
if (chosen.length > 0) console.log(chosen.join('\n'));
