import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repositoryRoot } from '../site-facts.ts';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  /** Everything the process printed so far, standard output and error together. */
  output(): string;
}

async function waitUntilHealthy(base: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start within 20 s:\n${server.output()}`);
}

/** What `npm start` runs, as a process of its own on a free port, once it answers /healthz. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repositoryRoot, 'scripts', 'start.mjs')], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output };
  await waitUntilHealthy(server.base, server);
  return server;
}
