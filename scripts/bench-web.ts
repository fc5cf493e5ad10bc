/**
 * `npm run bench:web`: builds the site, starts the production server, runs Lighthouse (mobile emulation,
 * Debian's Chromium) three times on the home page, a service page, /blog, a post, /about and /portfolio, and
 * prints the medians of the four categories, FCP, LCP, TBT and CLS, the number of main-thread tasks over 50 ms
 * during load, with the gzip size of the JavaScript each page loads.
 * With `--baseline`, each page is also measured with its scripts blocked, in the same run: the machine is
 * shared, so only a comparison made at the same time tells what the JavaScript costs. With `--inlined`, each page is
 * also measured as the same HTML with its scripts removed and every stylesheet inlined whole (served from a port of
 * its own, its assets from the site): the limit of its first paint, which the page as served should be within 3 % of.
 * With `--cpu-time=2`, each run's trace is audited as if every main-thread task had lasted twice its CPU time (not
 * its wall time, which a shared machine stretches several times): Lighthouse's blocking time then measures the page's
 * work, not the machine's load (about 2 matches an idle two-core machine; scripts/lib/cpu-time-trace.ts).
 * Figures only: nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServerFromSource, stopServerProcess } from '../server/test-support/server-process.ts';
import { benchmarkPages, chosenPages } from './lib/benchmark-pages.ts';
import { medianOf } from './lib/figures.ts';
import { serveInlinedPages } from './lib/inlined-page.ts';
import { lighthouseVersion, runLighthouse, type LighthouseReport } from './lib/lighthouse.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const withBaseline = process.argv.includes('--baseline');
const withInlined = process.argv.includes('--inlined');
const cpuTimeFlag = process.argv.find((arg) => arg.startsWith('--cpu-time='));
const cpuTime = cpuTimeFlag ? Number(cpuTimeFlag.slice('--cpu-time='.length)) : undefined;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-web-'));
const server = await startServerFromSource((base) => ({ DATA_DIR: dataDir, SITE_URL: base }), {
  output: 'errors-to-console',
});
const origin = server.base;
const inlined = withInlined ? await serveInlinedPages(origin) : undefined;
try {
  const pages = await benchmarkPages(origin);
  const variants: ('served' | 'no JS' | 'no JS, CSS inlined')[] = ['served'];
  if (withBaseline) variants.push('no JS');
  if (inlined) variants.push('no JS, CSS inlined');

  const rows: string[][] = [];
  for (const [pageName, path] of chosenPages(pages)) {
    for (const variant of variants) {
      const name = variant === 'served' ? pageName : `${pageName}, ${variant}`;
      const base = variant === 'no JS, CSS inlined' ? inlined!.base : origin;
      const reports: LighthouseReport[] = [];
      for (let run = 0; run < runs; run += 1) {
        reports.push(runLighthouse(`${base}${path}`, { blockScripts: variant === 'no JS', cpuTime }));
      }
      rows.push(tableRow(name, path, reports));
      console.log(`| ${rows.at(-1)!.join(' | ')} |`);
    }
  }
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'tasks > 50 ms', 'JS gzip'];
  const atCpuTime = cpuTime ? `, each task ${cpuTime} times its CPU time` : '';
  console.log(`\nLighthouse ${lighthouseVersion()}, mobile, median of ${runs} runs${atCpuTime}`);
  console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  inlined?.close();
  await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

function tableRow(name: string, path: string, reports: LighthouseReport[]): string[] {
  const score = (category: string) =>
    medianOf(reports.map((report) => Math.round(report.categories[category]!.score * 100)));
  const audit = (id: string) => medianOf(reports.map((report) => report.audits[id]!.numericValue));
  // Lighthouse's long-tasks audit lists the main thread's tasks over 50 ms during load, as throttled.
  const longTasks = medianOf(
    reports.map(
      (report) => report.audits['long-tasks']?.details?.items.filter((item) => item.duration > 50).length ?? 0,
    ),
  );
  // Blocked requests are listed too, failed: only what arrived counts.
  const scripts = reports[0]!.audits['network-requests']!.details.items.filter(
    (item) => item.resourceType === 'Script' && item.url.startsWith(origin) && item.statusCode > 0,
  ).map((item) => new URL(item.url).pathname);
  const jsGzip = scripts.reduce((total, file) => total + gzipSync(readFileSync(join('dist/client', file))).length, 0);
  return [
    `${name} (${path})`,
    String(score('performance')),
    String(score('accessibility')),
    String(score('best-practices')),
    String(score('seo')),
    `${Math.round(audit('first-contentful-paint'))} ms`,
    `${Math.round(audit('largest-contentful-paint'))} ms`,
    `${Math.round(audit('total-blocking-time'))} ms`,
    audit('cumulative-layout-shift').toFixed(3),
    String(longTasks),
    `${(jsGzip / 1024).toFixed(1)} KB (${scripts.length} files)`,
  ];
}
