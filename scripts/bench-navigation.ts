/**
 * `npm run bench:navigation`: after `npm run build`, starts the production server and measures moves through the site
 * in Chromium (1280 px wide, where the header shows its links) with the CPU slowed down 4 times (as Lighthouse's mobile run does): from the click on a link to the
 * first frame painted with the new page's `h1`, each move once straight away and once after the pointer has rested
 * on the link (the router fetches the link's chunk and data on intent). Each run is a fresh browser context (no
 * cache from the run before); prints the median and worst of BENCH_RUNS runs (5) per move and variant.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { benchmarkPages } from './lib/benchmark-pages.ts';
import { medianOf } from './lib/figures.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** How long the pointer rests on the link before the click: a person's hover before a click is 200–300 ms. */
const restMs = 250;

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-navigation-'));
const server = await startServerFromSource((base) => ({ HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base }), {
  timeoutMs: 180_000,
});
const browser = await launchBrowser();
try {
  const pages = await benchmarkPages(server.base);
  /** From a page to a link on it: the header's links and a post from the blog's list. */
  const moves: [from: string, link: string][] = [
    ['/', 'a[href="/about"]'],
    ['/about', 'a[href="/blog"]'],
    ['/blog', `a[href="${pages.post}"]`],
    ['/seo', 'a[href="/contact"]'],
  ];
  const header = ['move', 'click', 'hover, then click'];
  const rows: string[][] = [];
  for (const [from, link] of moves) {
    const row = [`${from} → ${link.slice('a[href="'.length, -2)}`];
    for (const hover of [false, true]) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) times.push(await clickToPaint(from, link, hover));
      row.push(`${Math.round(medianOf(times))} ms (worst ${Math.round(Math.max(...times))})`);
    }
    rows.push(row);
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(`\nClick to the new h1 painted, CPU slowed 4×, median of ${runs} runs (pointer at rest ${restMs} ms)`);
  console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await browser.close();
  await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

async function clickToPaint(from: string, linkSelector: string, hover: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.base });
  try {
    const page = await context.newPage();
    await page.goto(from, { waitUntil: 'load' });
    await page.waitForSelector('#root[data-app="started"]', { state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const link = page.locator(linkSelector).first();
    await link.scrollIntoViewIfNeeded();
    // The page watches for the click and for the first frame painted after a new h1 is in place.
    await page.evaluate(() => {
      const state = window as unknown as { clickedAt?: number; paintedAt?: Promise<number> };
      const before = document.querySelector('h1');
      const beforeText = before?.textContent;
      state.paintedAt = new Promise<number>((resolve) => {
        document.addEventListener('click', (event) => (state.clickedAt = event.timeStamp), { capture: true });
        const observer = new MutationObserver(() => {
          const h1 = document.querySelector('h1');
          // React may keep the element and change its words: either counts as the new page's heading.
          if (!h1 || (h1 === before && h1.textContent === beforeText) || state.clickedAt === undefined) return;
          observer.disconnect();
          // The frame with the new h1: its rendering starts at the next animation frame and is on screen after it.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    });
    if (hover) {
      await link.hover();
      await page.waitForTimeout(restMs);
    }
    await link.click();
    return await page.evaluate(async () => {
      const state = window as unknown as { clickedAt: number; paintedAt: Promise<number> };
      return (await state.paintedAt) - state.clickedAt;
    });
  } finally {
    await context.close();
  }
}
