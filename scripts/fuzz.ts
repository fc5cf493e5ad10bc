/**
 * `npm run test:fuzz -- --runs N [--minutes M]`: the contract fuzzer (server/api-fuzz.test.ts) with N requests per
 * property instead of npm test's few hundred, on SQLite and then on PostgreSQL (a private cluster, made and removed).
 * Each property stops after M minutes (10 by default) even if it has not made its N runs.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { wholeNumberOption } from './lib/cli-options.ts';

const runs = wholeNumberOption('runs', 5000);
const minutes = wholeNumberOption('minutes', 10);
const root = join(import.meta.dirname, '..');
const env = { ...process.env, FUZZ_RUNS: String(runs), FUZZ_TIME_LIMIT_MS: String(minutes * 60_000) };
const vitest = ['vitest', 'run', '--project', 'node', 'server/api-fuzz.test.ts'];

async function run(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}

console.log(`Fuzzing every route with ${runs} requests per property, on SQLite`);
const onSqlite = await run('npx', vitest);
console.log(`… and on PostgreSQL`);
const onPostgres = await run('npx', ['tsx', 'scripts/with-postgres.ts', '--', 'npx', ...vitest]);
process.exitCode = onSqlite === 0 && onPostgres === 0 ? 0 : 1;
