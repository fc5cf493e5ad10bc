import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleServer, type ServerBundle } from './test-support/server-bundle.ts';
import { startServerProcess, type ServerProcess } from './test-support/server-process.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

let server: ServerProcess | undefined;
let bundle: ServerBundle | undefined;
let dataDir: string;

afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  bundle?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The request ids of the access lines the process wrote to standard output. */
function loggedRequestIds(output: string): Set<string> {
  const ids = new Set<string>();
  for (const text of output.split('\n')) {
    if (!text.startsWith('{')) continue;
    const line = JSON.parse(text) as { msg?: string; reqId?: string };
    if (line.msg === 'request' && line.reqId) ids.add(line.reqId);
  }
  return ids;
}

describe('the access log of the server process', () => {
  it('writes out the lines of the requests answered just before SIGTERM, though it writes in batches', async () => {
    dataDir = temporaryDirectory();
    // The server as npm start runs it, bundled once for the run (main.test.ts starts npm start's own script): compiling
    // the TypeScript through tsx at the start cost more CPU than the rest of the test.
    bundle = await bundleServer();
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        CLIENT_DIR: join(dataDir, 'no-build'),
        SEED_EXAMPLES: 'false',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      { entry: bundle.entry, timeoutMs: 90_000 },
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => fetch(`${server!.base}/api/blogs?limit=${(index % 9) + 1}`)),
    );
    const ids = answers.map((answer) => answer.headers.get('x-request-id')!);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    const logged = loggedRequestIds(server.output());
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
  });
});
