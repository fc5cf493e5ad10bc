import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';
import { repositoryRoot } from '../site-facts.ts';

/** Signs in over HTTP from the server's own origin; returns the session cookie as a request header value. */
export async function signInOver(base: string, credentials: { email: string; password: string }): Promise<string> {
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
  /** Everything the process printed so far, standard output and error together. */
  output(): string;
}

async function waitUntilHealthy(base: string, server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/**
 * What `npm start` runs, as a process of its own on a free port, once it answers /healthz; or the same server from
 * `entry`, a bundle of it (see server-bundle.ts), which then needs NODE_ENV=production in `env` like `npm start` sets.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 45_000,
  entry = join(repositoryRoot, 'scripts', 'start.mjs'),
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output };
  await waitUntilHealthy(server.base, server, timeoutMs);
  return server;
}
