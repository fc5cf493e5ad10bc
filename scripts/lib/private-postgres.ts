/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: Debian's PostgreSQL tools, a temporary folder, a free
 * port on 127.0.0.1, a random password. Nothing is registered outside that folder, so removing it removes the
 * cluster.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test-support/free-port.ts';

export interface PrivatePostgres {
  /** postgres://postgres:…@127.0.0.1:PORT/postgres */
  url: string;
  /** Stops the server and deletes the cluster's folder. */
  stop(): void;
}

export interface PrivatePostgresOptions {
  /**
   * Flushes every commit to disk, as a production server does (for benchmarks). Off by default: tests create and
   * drop many databases, and a test cluster is thrown away anyway.
   */
  durable?: boolean;
}

const debianRoot = '/usr/lib/postgresql';
const repositoryRoot = join(import.meta.dirname, '..', '..');

function installedBinDir(): string | undefined {
  if (!existsSync(debianRoot)) return undefined;
  const versions = readdirSync(debianRoot)
    .filter((version) => existsSync(join(debianRoot, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(debianRoot, versions[0], 'bin');
}

/** Debian's PostgreSQL programs, installed with apt-get first when they are missing and we are root. */
function postgresBinDir(): string {
  const found = installedBinDir();
  if (found) return found;
  const install = spawnSync('bash', [join(repositoryRoot, 'scripts', 'ensure-postgres.sh')], { stdio: 'inherit' });
  const installed = installedBinDir();
  if (install.status !== 0 || !installed) throw new Error('PostgreSQL is not installed and could not be installed.');
  return installed;
}

/** initdb refuses to run as root: as root, the cluster belongs to Debian's `postgres` user. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('Running as root, but there is no `postgres` user to own the cluster.');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function settings(port: number, durable: boolean): string {
  const lines = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'max_connections = 200',
    ...(durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
  ];
  return `\n# Private cluster (scripts/lib/private-postgres.ts)\n${lines.join('\n')}\n`;
}

export async function startPrivatePostgres({ durable = false }: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const owner = clusterOwner();
  const folder = mkdtempSync(join(tmpdir(), 'northbeam-postgres-'));
  const dataDir = join(folder, 'data');
  const run = (program: string, args: string[], options: SpawnSyncOptions = {}) => {
    const result = spawnSync(join(bin, program), args, { cwd: folder, encoding: 'utf8', ...owner, ...options });
    if (result.status !== 0) {
      throw new Error(`${program} failed: ${String(result.stderr || result.stdout || result.error)}`.trim());
    }
  };
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      spawnSync(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], {
        cwd: folder,
        ...owner,
        stdio: 'ignore',
      });
    }
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    const password = randomBytes(18).toString('hex');
    const passwordFile = join(folder, 'password');
    writeFileSync(passwordFile, password, { mode: 0o600 });
    if (owner) {
      chownSync(folder, owner.uid, owner.gid);
      chownSync(passwordFile, owner.uid, owner.gid);
    }
    const initdbOptions = ['-U', 'postgres', `--pwfile=${passwordFile}`, '-A', 'scram-sha-256', '-E', 'UTF8'];
    run('initdb', ['-D', dataDir, ...initdbOptions, '--no-locale', '--no-sync', '--no-instructions']);
    rmSync(passwordFile);

    const port = await freePort();
    appendFileSync(join(dataDir, 'postgresql.conf'), settings(port, durable));
    run('pg_ctl', ['-D', dataDir, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
    return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = join(folder, 'server.log');
    const serverLog = existsSync(log) ? `\n${readFileSync(log, 'utf8').slice(-2000)}` : '';
    stop();
    throw new Error(`Could not start a private PostgreSQL cluster: ${(error as Error).message}${serverLog}`, {
      cause: error,
    });
  }
}
