/**
 * Time from a content save to the public page's first HTML showing it (docs/decisions/0015): production servers
 * from source over the built site (`npm run build` first), each with a temporary git copy of content/, save the /seo
 * hero heading `--saves` times (20 by default) on the first and poll /seo on every instance after each until the new
 * heading is in it.
 *   npm run bench:studio [-- --saves 20]    one server on SQLite
 *   npm run bench:studio -- --instances 2   two servers on one PostgreSQL database with a bare remote: each builds
 *                                           for itself, the second after pulling what the first pushed
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createContentRepository, createRemoteWithClone } from '../server/test-support/content-repository.ts';
import {
  signInOver,
  startServerFromSource,
  stopServerProcess,
  type ServerProcess,
} from '../server/test-support/server-process.ts';
import { formatFigure, medianOf } from './lib/figures.ts';
import { startPrivatePostgres, type PrivatePostgres } from './lib/private-postgres.ts';

const { values } = parseArgs({
  options: { saves: { type: 'string', default: '20' }, instances: { type: 'string', default: '1' } },
});
const saves = Number(values.saves);
const instances = Number(values.instances);
if (instances !== 1 && instances !== 2) throw new Error('--instances is 1 or 2');
const admin = { email: 'bench-studio@northbeam.example', password: 'a passphrase for the bench' };
const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-live-'));
const content = createContentRepository();
const shared = instances === 2 ? createRemoteWithClone(content) : undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${formatFigure(ms / 1000, 1)} s`;

let cluster: PrivatePostgres | undefined;
const servers: ServerProcess[] = [];
try {
  cluster = shared ? await startPrivatePostgres({ durable: true }) : undefined;
  const checkouts = shared ? [content.dir, shared.clone.dir] : [content.dir];
  for (const [index, checkout] of checkouts.entries()) {
    const started = await startServerFromSource(
      (base) => ({
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, String(index)),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SITE_URL: base,
        CONTENT_DIR: checkout,
        SEED_EXAMPLES: 'false',
        // The publisher's line of each build (its steps' wall and CPU time) is logged at info.
        LOG_LEVEL: 'info',
        ...(cluster && shared ? { DATABASE_URL: cluster.url, CONTENT_GIT_REMOTE: shared.remote } : {}),
      }),
      { timeoutMs: 90_000 },
    );
    servers.push(started);
  }
  const [first] = servers as [ServerProcess];
  const seo = `${first.base}/api/content/${encodeURIComponent('services/seo')}`;
  const cookie = await signInOver(first.base, admin);
  const headers = { cookie, origin: first.base, 'content-type': 'application/json' };
  const times: number[][] = servers.map(() => []);

  /** Polls the instance's /seo until its first HTML holds `heading`; answers the time since `started`. */
  async function liveOn(server: ServerProcess, heading: string, started: number): Promise<number> {
    while (!(await (await fetch(`${server.base}/seo`)).text()).includes(heading)) await sleep(100);
    return performance.now() - started;
  }

  for (let round = 1; round <= saves; round += 1) {
    const opened = (await (await fetch(seo, { headers })).json()) as {
      document: { sections: { heading?: string }[] };
      version: string;
    };
    const heading = `SEO that earns lasting visibility, round ${round} of the bench`;
    opened.document.sections[0]!.heading = heading;
    const started = performance.now();
    const saved = await fetch(seo, {
      method: 'PUT',
      headers: { ...headers, 'if-match': opened.version },
      body: JSON.stringify({ document: opened.document }),
    });
    if (saved.status !== 200) throw new Error(`save ${round}: ${saved.status} ${await saved.text()}`);
    const live = await Promise.all(servers.map((server) => liveOn(server, heading, started)));
    live.forEach((ms, index) => times[index]!.push(ms));
    console.log(`save ${round}: live after ${live.map(seconds).join(' and ')}`);
    for (const [index, server] of servers.entries()) {
      const published = [...server.output().matchAll(/The site shows content commit [^"]*/g)].at(-1)?.[0];
      console.log(`  instance ${index + 1}: ${published ?? 'no build logged'}`);
    }
  }
  times.forEach((each, index) =>
    console.log(
      `instance ${index + 1}, save to live (${saves} saves): median ${seconds(medianOf(each))}, worst ${seconds(
        Math.max(...each),
      )}; each: ${each.map((ms) => formatFigure(ms / 1000, 1)).join(', ')}`,
    ),
  );
} finally {
  for (const server of servers) await stopServerProcess(server);
  cluster?.stop();
  shared?.clone.remove();
  content.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
