import { spawn, type ChildProcess } from 'node:child_process';
import { join, relative } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';
import { freePort } from './free-port.ts';

/**
 * The one harness for a server of its own process, shared by the server's tests, the crash test, the browser tests'
 * setup and the benchmarks (which import it; it imports nothing of theirs).
 */

/** Signs in over HTTP from the server's own origin; returns the session cookie as a request header value. */
export async function signInOver(base: string, credentials: AdminCredentials): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  /** What the process printed lately (its last 100,000 characters), standard output and error together. */
  output(): string;
}

const keptOutput = 100_000;

/** `npm start`'s script: builds the site when there is no build, then runs the server. */
export const startScript = join(repositoryRoot, 'scripts', 'start.mjs');
/** The server from source, without building anything: run it with `tsx` among `nodeArguments`. */
export const serverSource = join(repositoryRoot, 'server', 'main.ts');

export interface ServerProcessOptions {
  /** What to run: `startScript` (the default), `serverSource`, or a bundle (see `startBundledServer`). */
  entry?: string;
  /** Before the entry: `['--import', 'tsx']` to run `serverSource`. */
  nodeArguments?: string[];
  /** After the entry: `['--dev']` for `npm run dev`. */
  entryArguments?: string[];
  /** The checkout the server runs in: this one unless another (an older commit's, to compare with) is given. */
  cwd?: string;
  timeoutMs?: number;
  /**
   * 'kept' (the default) keeps what the server prints for `output()`; 'errors-to-console' drops its standard output
   * and passes its errors on, so that a benchmark's own process spends nothing reading the server's logs.
   */
  output?: 'kept' | 'errors-to-console';
}

/** The environment, or a function of the server's address for settings that name it (SITE_URL). */
export type ServerEnvironment = Record<string, string> | ((base: string) => Record<string, string>);

/** Waits until `url` answers 2xx, for any server process (ours at /healthz, or a bare node:http one). */
export async function waitUntilAnswering(
  url: string,
  { child, output = () => '' }: { child: ChildProcess; output?: () => string },
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * A server as a process of its own on a free port of 127.0.0.1, once it answers /healthz. `env` comes on top of
 * this process's environment, PORT and LOG_LEVEL=warn; a bundle or `serverSource` needs NODE_ENV=production in it
 * as `npm start` sets.
 */
export async function startServerProcess(
  env: ServerEnvironment,
  {
    entry = startScript,
    nodeArguments = [],
    entryArguments = [],
    cwd = repositoryRoot,
    timeoutMs = 45_000,
    output: kept = 'kept',
  }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArguments, entry, ...entryArguments], {
    cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...(typeof env === 'function' ? env(base) : env) },
    stdio: kept === 'kept' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { child, base, output: () => output };
  await waitUntilAnswering(`${base}/healthz`, server, timeoutMs);
  return server;
}

/** The server from source in production mode, as the benchmarks and the browser tests run it. */
export function startServerFromSource(
  env: ServerEnvironment,
  options: Omit<ServerProcessOptions, 'entry' | 'nodeArguments'> = {},
): Promise<ServerProcess> {
  const { cwd = repositoryRoot } = options;
  return startServerProcess((base) => ({ NODE_ENV: 'production', ...(typeof env === 'function' ? env(base) : env) }), {
    timeoutMs: 90_000,
    ...options,
    entry: join(cwd, relative(repositoryRoot, serverSource)),
    nodeArguments: ['--import', 'tsx'],
  });
}

let bundled: Promise<{ entry: string }> | undefined;

/** The run's one server bundle (server-bundle.ts), loaded on first use so that the other users of this file never load Vite. */
function serverBundle(): Promise<{ entry: string }> {
  bundled ??= import('./server-bundle.ts').then(async ({ bundleServer }) => {
    const bundle = await bundleServer();
    // Outside a Vitest run the bundle is this process's own: it goes when the process does.
    process.once('exit', () => bundle.remove());
    return bundle;
  });
  bundled.catch(() => (bundled = undefined));
  return bundled;
}

/** What a bundled server needs: its data folder; anything else comes on top of `startBundledServer`'s defaults. */
export type BundledServerEnvironment = Record<string, string> & { DATA_DIR: string };

/**
 * The production server as `npm start` runs it (NODE_ENV=production), started from one bundle of server/main.ts
 * built once a test run (server-bundle.ts: compiling the TypeScript through tsx at each start cost more CPU than
 * starting the server), on `env.DATA_DIR`, with no site build (CLIENT_DIR names a folder that does not exist) and no
 * example posts. `env` comes on top of those. Given 90 s to answer: a busy machine is not what its tests test.
 */
export async function startBundledServer(env: BundledServerEnvironment): Promise<ServerProcess> {
  const { entry } = await serverBundle();
  const defaults = { CLIENT_DIR: join(env.DATA_DIR, 'no-build'), SEED_EXAMPLES: 'false', NODE_ENV: 'production' };
  return startServerProcess({ ...defaults, ...env }, { entry, timeoutMs: 90_000 });
}

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface SignedInServer extends ServerProcess {
  /** The Cookie header of the signed-in admin. */
  adminCookie: string;
}

/**
 * The server from source (see `startServerFromSource`) whose first start creates `admin` (ADMIN_EMAIL and
 * ADMIN_PASSWORD), signed in as that admin.
 */
export async function startSignedInServer(
  admin: AdminCredentials,
  env: ServerEnvironment,
  options: Omit<ServerProcessOptions, 'entry' | 'nodeArguments'> = {},
): Promise<SignedInServer> {
  const server = await startServerFromSource(
    (base) => ({
      ...(typeof env === 'function' ? env(base) : env),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    }),
    options,
  );
  return { ...server, adminCookie: await signInOver(server.base, admin) };
}

/** Ends the server with SIGTERM, as a host would, and waits for it to exit. */
export async function stopServerProcess({ child }: { child: ChildProcess }): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
