import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startBundledServer, type ServerProcess } from './test-support/server-process.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

let server: ServerProcess | undefined;
let dataDir: string;

afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
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
    // The server as npm start runs it, from the run's one bundle (main.test.ts starts npm start's own script).
    server = await startBundledServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
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
    // More than the 90 s the server is given to start on a busy machine (startBundledServer), after the run's bundle.
  }, 180_000);
});
