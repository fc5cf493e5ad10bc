/**
 * `npx tsx scripts/trace-load.ts [page ...]`: after `npm run build`, starts the production server and records a
 * Chromium performance trace of each public benchmark page's load (mobile viewport, no throttling, as Lighthouse's
 * simulated run observes it), until 3 s after the load event. Prints, per page, the median over BENCH_RUNS runs (3)
 * of the renderer main thread's CPU time (`tdur`, which a busy machine stretches far less than wall time) in all, by
 * kind of work and by script, the number of its tasks over 12.5 ms of CPU (over 50 ms at Lighthouse's 4x), and the
 * scripts loaded (files, gzip bytes).
 * `BENCH_AGAINST_CHECKOUT=<folder>` names another checkout with a build of its own (an older commit): its server runs
 * too, and each run traces both, one after the other, so that the machine's load weighs on both alike.
 * `TRACE_SAVE=<prefix>` writes each trace's events to `<prefix>-<build>.json` (the last run's), to read further.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServerFromSource, stopServerProcess, type ServerProcess } from '../server/test-support/server-process.ts';
import { benchmarkPages } from './lib/benchmark-pages.ts';
import { medianOf } from './lib/figures.ts';
import { splitLoadTrace, type LoadSplit, type TraceEvent } from './lib/load-trace.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const against = process.env.BENCH_AGAINST_CHECKOUT;
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

interface Build {
  name: string;
  server: ServerProcess;
  clientDir: string;
}

const dataDirs: string[] = [];
function startServer(cwd?: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-trace-load-'));
  dataDirs.push(dataDir);
  return startServerFromSource((base) => ({ HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base }), {
    timeoutMs: 180_000,
    output: 'errors-to-console',
    ...(cwd ? { cwd } : {}),
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
console.log(`load average before: ${load()}`);
const builds: Build[] = [{ name: 'this build', server: await startServer(), clientDir: 'dist/client' }];
if (against)
  builds.push({ name: 'against', server: await startServer(against), clientDir: join(against, 'dist/client') });
const browser = await launchBrowser();
try {
  const pages = await benchmarkPages(builds[0]!.server.base);
  for (const [name, path] of Object.entries(pages)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const splits = builds.map((): LoadSplit[] => []);
    for (let run = 0; run < runs; run += 1)
      for (const [index, build] of builds.entries()) splits[index]!.push(await traceLoad(build, path));
    for (const [index, build] of builds.entries()) report(`${name} (${path}), ${build.name}`, splits[index]!);
  }
} finally {
  await browser.close();
  await Promise.all(builds.map(({ server }) => stopServerProcess(server)));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  console.log(`load average after: ${load()}`);
}

async function traceLoad(build: Build, path: string): Promise<LoadSplit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    baseURL: build.server.base,
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === build.server.base) scripts.add(url.pathname);
  });
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: {
      recordMode: 'recordAsMuchAsPossible',
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        '__metadata',
      ],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  if (process.env.TRACE_SAVE)
    writeFileSync(`${process.env.TRACE_SAVE}-${build.name.replace(/ /g, '-')}.json`, JSON.stringify(events));
  const split = splitLoadTrace(events, build.server.base);
  split.scriptFiles = scripts.size;
  split.scriptGzip = [...scripts].reduce(
    (total, file) => total + gzipSync(readFileSync(join(build.clientDir, file))).length,
    0,
  );
  return split;
}

function report(title: string, splits: LoadSplit[]): void {
  const median = (pick: (split: LoadSplit) => number) => medianOf(splits.map(pick));
  const ms = (value: number) => `${Math.round(value)}`;
  console.log(
    `\n${title}: main thread ${ms(median((split) => split.cpuMs))} ms CPU in ${median((split) => split.tasks)} tasks, ` +
      `${median((split) => split.longTasks)} over 12.5 ms CPU, their CPU over 12.5 ms ${ms(median((split) => split.blockingMs))}; ` +
      `FCP ${ms(median((split) => split.fcpMs))} ms; ${median((split) => split.scriptFiles)} scripts, ` +
      `${(median((split) => split.scriptGzip) / 1024).toFixed(1)} KB gzip`,
  );
  const keys = (pick: (split: LoadSplit) => Record<string, number>) =>
    [...new Set(splits.flatMap((split) => Object.keys(pick(split))))]
      .map((key) => [key, medianOf(splits.map((split) => pick(split)[key] ?? 0))] as const)
      .filter(([, value]) => value >= 1)
      .sort((a, b) => b[1] - a[1]);
  console.log(
    `  by kind (ms): ${keys((split) => split.byKind)
      .map(([key, value]) => `${key} ${ms(value)}`)
      .join(', ')}`,
  );
  console.log(
    `  by script (ms): ${keys((split) => split.byScript)
      .slice(0, 12)
      .map(([key, value]) => `${key} ${ms(value)}`)
      .join(', ')}`,
  );
  console.log(
    `  longest tasks (ms CPU, one run): ${splits[0]!.longest.map((task) => `${task.label} ${ms(task.cpuMs)}`).join('; ')}`,
  );
}
