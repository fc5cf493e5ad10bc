import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverSource,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test-support/server-process.ts';
import { temporaryDirectory } from '../test-support/test-requests.ts';

// `npm run dev`: the server from source with `--dev`, no build of the site anywhere in the way.
let server: ServerProcess;
const dataDir = temporaryDirectory();

beforeAll(async () => {
  server = await startServerProcess(
    { DATA_DIR: dataDir },
    { entry: serverSource, nodeArguments: ['--import', 'tsx'], entryArguments: ['--dev'], timeoutMs: 120_000 },
  );
  // Vite's start-up and its first transform of the sources take long on two busy cores.
}, 150_000);

afterAll(async () => {
  if (server) await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the dev server (`npm run dev`)', () => {
  it('answers /seo with the server-rendered page in its first HTML, and the modules of hot reload', async () => {
    const response = await fetch(`${server.base}/seo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>SEO that earns lasting visibility/);
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    expect(html).toContain('id="app-state"');
    // The refresh preamble runs under the policy by its hash, and nothing else inline does.
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).toContain("connect-src 'self' ws: wss:");
  });

  it('serves the browser modules from the sources, and leaves the API to the server', async () => {
    const boot = await fetch(`${server.base}/src/boot.ts`);
    expect(boot.status).toBe(200);
    expect(boot.headers.get('content-type')).toContain('javascript');
    const posts = await fetch(`${server.base}/api/blogs`);
    expect(posts.status).toBe(200);
    expect(await posts.json()).toHaveLength(5);
  });

  it('answers an unknown page with the site not-found page and 404, as production does', async () => {
    const response = await fetch(`${server.base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root"><');
  });
});
