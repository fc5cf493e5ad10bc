/**
 * Runs a command beside a private PostgreSQL cluster (scripts/lib/private-postgres.ts) and removes the cluster
 * afterwards, whatever the command's outcome:
 *   npx tsx scripts/with-postgres.ts -- npx vitest run --project node server
 * The command finds the cluster in TEST_DATABASE_URL (postgres://…/postgres, a superuser), which makes the server's
 * tests give every test app a database of its own there. Exits with the command's status.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { startPrivatePostgres } from './lib/private-postgres.ts';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command === undefined) {
  console.error('Usage: npx tsx scripts/with-postgres.ts -- COMMAND [ARGUMENTS…]');
  process.exit(2);
}

let cluster;
try {
  cluster = await startPrivatePostgres();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } });
// Stay alive until the command has ended, so that the cluster is removed: pass signals on instead of dying.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
let status = 1;
try {
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  status = code ?? 128 + (signal ? constants.signals[signal] : 0);
} catch (error) {
  console.error(`Could not run ${command}: ${(error as Error).message}`);
} finally {
  cluster.stop();
}
process.exit(status);
