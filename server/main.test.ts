import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, fixtureAsset } from './test-support/client-fixture.ts';
import { startServerProcess, type ServerProcess } from './test-support/server-process.ts';
import { temporaryDirectory } from './test-support/test-requests.ts';

let server: ServerProcess;
let base: string;
const dataDir = temporaryDirectory();
const clientDir = createClientFixture();

beforeAll(async () => {
  // What `npm start` runs; CLIENT_DIR points it at a small stand-in for the build, so it does not build.
  server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: clientDir, NODE_ENV: 'production' });
  base = server.base;
}, 60_000);

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the server process (`npm start`)', () => {
  it('serves the home page, an asset and the API with the example posts', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1>Home: ');

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
    expect(
      server.output().match(/Created the admin account admin@northbeam\.example with the password \S+/g),
    ).toHaveLength(1);
  });

  it('warned at start that SITE_URL is unset, naming the origin its links use instead', () => {
    expect(server.output()).toContain(
      'SITE_URL is not set: canonical URLs, the sitemap and the feeds name http://127.0.0.1:',
    );
  });

  it('stops cleanly on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
  });
});
