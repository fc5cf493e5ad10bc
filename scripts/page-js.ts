/**
 * `npx tsx scripts/page-js.ts [--trace] [--files] [page ...]`: after `npm run build`, starts the production server
 * and opens the public benchmark pages (those of `bench:web`) in Chromium, until the app has started on each. Prints
 * the gzip size of every script each page loads (entry, modulepreloads and what the app imports as it starts),
 * summed per page, and whether any of them is admin, editor or chart code, react-router (the admin's router: public
 * pages run their own, src/ui/site-router) or the newsletter's e-mail code.
 * With `--trace`, the CPU is slowed down 4 times (as Lighthouse's mobile run does) and each main-thread task over
 * 50 ms from navigation to the app's start is listed with the scripts and functions that ran in it (CPU profile
 * samples; `vite build --sourcemap` gives no names back, so the minified name and the chunk are what is shown).
 * With `--save-data`, links in view are not fetched ahead (the router's prefetch): only the page's own scripts count.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { benchmarkPages } from './lib/benchmark-pages.ts';

const args = process.argv.slice(2);
const withTrace = args.includes('--trace');
const withFiles = args.includes('--files');
/** `--save-data`: the visitor asks to save data, so links in view are not fetched ahead: the page's own scripts. */
const savingData = args.includes('--save-data');
const only = args.filter((arg) => !arg.startsWith('--'));
/** `--over=20` lists shorter tasks too (the blocking time stays counted over 50 ms). */
const over = Number(args.find((arg) => arg.startsWith('--over='))?.slice('--over='.length) ?? 50);

/** Chunks no public page may load. */
const privateChunk =
  /^(admin|admin-pages|editor-pages|studio-pages|audience-pages|newsletter-pages|admin-editor|media-uploader|query-scope-admin|chart)/;

/** React Router's module marks the window with its version; the minified chunk keeps the name. */
const holdsReactRouter = (source: string) => source.includes('__reactRouterVersion');

/** The newsletter's e-mail code (react-email, server/newsletter/): its Head writes this meta into every e-mail. */
const holdsEmailCode = (source: string) => source.includes('x-apple-disable-message-reformatting');

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-page-js-'));
const server = await startServerFromSource((base) => ({ HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base }), {
  timeoutMs: 60_000,
});
const browser = await launchBrowser();
try {
  const pages = await benchmarkPages(server.base);
  for (const [name, path] of Object.entries(pages)) {
    if (only.length > 0 && !only.includes(name)) continue;
    await measure(name, path);
  }
} finally {
  await browser.close();
  await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

async function measure(name: string, path: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, baseURL: server.base });
  if (savingData) {
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
    );
  }
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === server.base) scripts.add(url.pathname);
  });
  // A page of the same origin first, so the navigation measured stays in the renderer the profiler is attached to.
  if (withTrace) await page.goto('/robots.txt');
  const cdp = withTrace ? await context.newCDPSession(page) : undefined;
  if (cdp) await startTracing(cdp);
  await page.goto(path, { waitUntil: 'load' });
  // One evaluation that waits, rather than Playwright's polling, whose tasks would show in the trace.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.getElementById('root')!;
        if (root.dataset.app === 'started') return resolve();
        new MutationObserver((_, observer) => {
          if (root.dataset.app !== 'started') return;
          observer.disconnect();
          resolve();
        }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
      }),
  );
  // Anything the started app still fetches (a carousel near view, an idle preload) counts too.
  await page.waitForTimeout(withTrace ? 1500 : 500);
  const files = [...scripts].map((file) => {
    const source = readFileSync(join('dist/client', file));
    const text = source.toString('utf8');
    return { file, gzip: gzipSync(source).length, notPublic: holdsReactRouter(text) || holdsEmailCode(text) };
  });
  const total = files.reduce((sum, { gzip }) => sum + gzip, 0);
  const leaks = files.filter(({ file, notPublic }) => notPublic || privateChunk.test(file.split('/').at(-1)!));
  console.log(
    `${name} (${path}): ${(total / 1024).toFixed(1)} KB gzip JS in ${files.length} files` +
      (leaks.length > 0 ? `; PRIVATE CODE: ${leaks.map(({ file }) => file).join(', ')}` : ''),
  );
  if (withFiles)
    for (const { file, gzip } of files.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${(gzip / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  if (cdp) await reportLongTasks(cdp);
  await context.close();
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string }; beginData?: { url?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

async function startTracing(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    traceConfig: {
      recordMode: 'recordAsMuchAsPossible',
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    },
    transferMode: 'ReportEvents',
  });
}

async function reportLongTasks(cdp: CDPSession): Promise<void> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };
  };
  // The renderer's main thread: the thread of the page's first ParseHTML.
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && !String(event.args?.beginData?.url ?? '').endsWith('/robots.txt'),
  );
  if (!parse) return;
  const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid);
  const navigation = parse.ts;
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) > over * 1000);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const sampleTimes: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((time += delta));
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    blocking += Math.max(0, task.dur! / 1000 - 50);
    const inside = main.filter(
      (event) => event.ts >= task.ts && event.ts < end && event.ph === 'X' && (event.dur ?? 0) > 5_000,
    );
    const what = inside
      .filter((event) => event !== task)
      .map((event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').at(-1)}` : ''}`)
      .filter((label, index, all) => all.indexOf(label) === index)
      .slice(0, 6);
    const selfTime = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const at = sampleTimes[index]!;
      if (at < task.ts || at >= end) return;
      const frame = nodes.get(id)!.callFrame;
      const label = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}`.trim();
      selfTime.set(label, (selfTime.get(label) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
    });
    const top = [...selfTime]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([label, ms]) => `${label} ${ms.toFixed(0)}`);
    console.log(
      `  task at ${((task.ts - navigation) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms; ${what.join(', ')}`,
    );
    console.log(`    self ms: ${top.join('; ')}`);
  }
  console.log(`  ${tasks.length} tasks over ${over} ms, ${blocking.toFixed(0)} ms over 50 in all (4x CPU)`);
}
