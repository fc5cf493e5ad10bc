import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './site-facts.ts';
import { createClientFixture, fixtureAsset } from './test-support/client-fixture.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilListening(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the server did not start within 20 s');
}

let server: ChildProcess;
let output = '';
let base: string;
const dataDir = temporaryDirectory();
const clientDir = createClientFixture();

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // What `npm start` runs; CLIENT_DIR points it at a small stand-in for the build, so it does not build.
  server = spawn(process.execPath, [join(repositoryRoot, 'scripts', 'start.mjs')], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilListening(`${base}/api/blogs`, server);
}, 30_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the server process (`npm start`)', () => {
  it('serves the home page, an asset and the API with the example posts', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1>Home</h1>');

    const asset = await fetch(`${base}${fixtureAsset.path}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe(fixtureAsset.body);

    const posts = await fetch(`${base}/api/blogs`);
    expect(posts.status).toBe(200);
    expect(posts.headers.get('x-total-count')).toBe('5');
    expect(await posts.json()).toHaveLength(5);
  });

  it('printed the made-up admin password once, on standard output', () => {
    expect(output.match(/Created the admin account admin@northbeam\.example with the password \S+/g)).toHaveLength(1);
  });

  it('stops cleanly on SIGTERM', async () => {
    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    expect(code).toBe(0);
  });
});
