/**
 * Time from a content save to the public page's first HTML showing it (docs/decisions/0015): a production server
 * from source over the built site (`npm run build` first), with a temporary git copy of content/, saves the /seo
 * hero heading `--saves` times (20 by default) and polls /seo after each until the new heading is in it.
 *   npx tsx scripts/bench-content-live.ts [--saves 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createContentRepository } from '../server/test-support/content-repository.ts';
import { signInOver, startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { formatFigure, medianOf } from './lib/figures.ts';

const { values } = parseArgs({ options: { saves: { type: 'string', default: '20' } } });
const saves = Number(values.saves);
const admin = { email: 'bench-studio@northbeam.example', password: 'a passphrase for the bench' };
const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-live-'));
const content = createContentRepository();
const server = await startServerFromSource(
  (base) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SITE_URL: base,
    CONTENT_DIR: content.dir,
    SEED_EXAMPLES: 'false',
  }),
  { timeoutMs: 90_000 },
);
const seo = `${server.base}/api/content/${encodeURIComponent('services/seo')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const cookie = await signInOver(server.base, admin);
  const headers = { cookie, origin: server.base, 'content-type': 'application/json' };
  const times: number[] = [];
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
    while (!(await (await fetch(`${server.base}/seo`)).text()).includes(heading)) await sleep(100);
    times.push(performance.now() - started);
    console.log(`save ${round}: live after ${formatFigure(times.at(-1)! / 1000, 1)} s`);
  }
  console.log(
    `save to live (${saves} saves): median ${formatFigure(medianOf(times) / 1000, 1)} s, worst ${formatFigure(
      Math.max(...times) / 1000,
      1,
    )} s`,
  );
} finally {
  await stopServerProcess(server);
  content.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
