/**
 * `npm run bench:navigation`: after `npm run build`, starts the production server and measures moves through the site
 * in Chromium (1280 px wide, where the header shows its links) with the CPU slowed down 4 times (as Lighthouse's mobile
 * run does): from the click on a link to the first frame painted with the new page's `h1` visible, each move once
 * straight away and once after the pointer has rested on the link (the router fetches the link's chunk and data on
 * intent). Each run is a fresh browser context (no cache from the run before); prints the median and worst of
 * BENCH_RUNS runs (5) per move and variant, and the load average before and after.
 * `BENCH_AGAINST=<folder>` names another build's client folder (a copy of dist/client and its dist/server beside it,
 * made before a change): a second server serves it, and each run measures both builds one after the other, so that
 * the load of a shared machine weighs on both alike.
 * `BENCH_TRACE=1` records a Chromium performance trace of each hover-then-click move of this build instead and prints
 * the median split of the time from the click to the paint (scripts/lib/navigation-trace.ts): trace a build made
 * without minifying, so that React's functions keep their names.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServerFromSource, stopServerProcess, type ServerProcess } from '../server/test-support/server-process.ts';
import { benchmarkPages } from './lib/benchmark-pages.ts';
import { medianOf } from './lib/figures.ts';
import { navigationTraceCategories, splitNavigationTrace } from './lib/navigation-trace.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** How long the pointer rests on the link before the click: a person's hover before a click is 200–300 ms. */
const restMs = 250;
const against = process.env.BENCH_AGAINST;
const tracing = process.env.BENCH_TRACE === '1';

const dataDirs: string[] = [];
function startServer(clientDir?: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-navigation-'));
  dataDirs.push(dataDir);
  const env = (base: string) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: base,
    ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
  });
  return startServerFromSource(env, { timeoutMs: 180_000 });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
const loadBefore = load();
const builds: { name: string; server: ServerProcess }[] = [{ name: 'this build', server: await startServer() }];
if (against) builds.push({ name: 'BENCH_AGAINST', server: await startServer(against) });
const browser = await launchBrowser();
try {
  const pages = await benchmarkPages(builds[0]!.server.base);
  /** From a page to a link on it: the header's links and a post from the blog's list. */
  const moves: [from: string, link: string][] = [
    ['/', 'a[href="/about"]'],
    ['/about', 'a[href="/blog"]'],
    ['/blog', `a[href="${pages.post}"]`],
    ['/seo', 'a[href="/contact"]'],
  ];
  if (tracing) await traceMoves(moves);
  else await benchMoves(moves);
} finally {
  await browser.close();
  await Promise.all(builds.map(({ server }) => stopServerProcess(server)));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}

/** Each move with and without the hover, on each build, run by run in turn. */
async function benchMoves(moves: [string, string][]): Promise<void> {
  const variants = builds.flatMap((build) => [false, true].map((hover) => ({ build, hover })));
  const header = [
    'move',
    ...variants.map(
      ({ build, hover }) => `${hover ? 'hover, then click' : 'click'}${against ? ` (${build.name})` : ''}`,
    ),
  ];
  const rows: string[][] = [];
  for (const [from, link] of moves) {
    const times = variants.map((): number[] => []);
    // Run by run, every variant in turn: a change in the machine's load weighs on each of them.
    for (let run = 0; run < runs; run += 1) {
      for (const [index, { build, hover }] of variants.entries()) {
        times[index]!.push(await clickToPaint(build.server.base, from, link, hover));
      }
    }
    const row = [
      `${from} → ${link.slice('a[href="'.length, -2)}`,
      ...times.map((values) => `${Math.round(medianOf(values))} ms (worst ${Math.round(Math.max(...values))})`),
    ];
    rows.push(row);
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(`\nClick to the new h1 painted, CPU slowed 4×, median of ${runs} runs (pointer at rest ${restMs} ms)`);
  console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
  console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** Each move's median split, phase by phase, over BENCH_RUNS traced runs with the hover, of each build in turn. */
async function traceMoves(moves: [string, string][]): Promise<void> {
  for (const [from, link] of moves) {
    const splits = builds.map((): Map<string, number>[] => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, { server }] of builds.entries()) {
        let trace = '';
        await clickToPaint(server.base, from, link, true, async (start) => {
          if (start) await browser.startTracing(undefined, { categories: navigationTraceCategories });
          else trace = (await browser.stopTracing()).toString('utf8');
        });
        splits[index]!.push(splitNavigationTrace(trace));
      }
    }
    console.log(`\n${from} → ${link.slice('a[href="'.length, -2)}, hover then click, median of ${runs} traces`);
    console.log(`  ${'CPU ms'.padEnd(56)} ${builds.map(({ name }) => name.padStart(14)).join(' ')}`);
    const phases = [...new Set(splits.flat().flatMap((split) => [...split.keys()]))];
    const median = (index: number, phase: string) => medianOf(splits[index]!.map((split) => split.get(phase) ?? 0));
    for (const phase of phases.sort((a, b) => median(0, b) - median(0, a))) {
      const figures = builds.map((_, index) => median(index, phase).toFixed(1).padStart(14));
      console.log(`  ${phase.padEnd(56)} ${figures.join(' ')}`);
    }
  }
  console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
}

async function clickToPaint(
  base: string,
  from: string,
  linkSelector: string,
  hover: boolean,
  trace?: (start: boolean) => Promise<void>,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
  try {
    const page = await context.newPage();
    await page.goto(from, { waitUntil: 'load' });
    await page.waitForSelector('#root[data-app="started"]', { state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const link = page.locator(linkSelector).first();
    await link.scrollIntoViewIfNeeded();
    // The page watches for the click and for the first frame painted after a new h1 is visible: inserted, given
    // other words, or shown (a page rendered ahead is in the document, hidden, before the click).
    await page.evaluate(() => {
      const state = window as unknown as { clickedAt?: number; paintedAt?: Promise<number> };
      const before = document.querySelector('h1');
      const beforeText = before?.textContent;
      state.paintedAt = new Promise<number>((resolve) => {
        document.addEventListener(
          'click',
          (event) => {
            state.clickedAt = event.timeStamp;
            performance.mark('nav-click');
          },
          { capture: true },
        );
        const observer = new MutationObserver(() => {
          const h1 = [...document.querySelectorAll('h1')].find((heading) => heading.checkVisibility());
          // React may keep the element and change its words: either counts as the new page's heading.
          if (!h1 || (h1 === before && h1.textContent === beforeText) || state.clickedAt === undefined) return;
          observer.disconnect();
          performance.mark('nav-h1');
          // The frame with the new h1: its rendering starts at the next animation frame and is on screen after it.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['style', 'hidden', 'class'],
        });
      });
    });
    if (hover) {
      await link.hover();
      await page.waitForTimeout(restMs);
    }
    await trace?.(true);
    await link.click();
    const time = await page.evaluate(async () => {
      const state = window as unknown as { clickedAt: number; paintedAt: Promise<number> };
      return (await state.paintedAt) - state.clickedAt;
    });
    await trace?.(false);
    return time;
  } finally {
    await context.close();
  }
}
