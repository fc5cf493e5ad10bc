/**
 * `npm run bench:against -- COMMIT`: this checkout's cached reads beside another commit's, in one run.
 * Two runs of `bench:api` an hour apart compare little on a shared machine: on 2 cores, bare node:http itself
 * measures anywhere from 30 to 57 µs of CPU a request from one run to the next. So this script checks COMMIT out
 * beside this checkout (a git worktree, removed at the end; it shares node_modules when this one holds every
 * package COMMIT locks, at the same version, and runs its own `npm ci` when not), starts both servers from source on
 * their example posts (NODE_ENV=production, LOG_LEVEL=info as in production), warms both up, then loads them in
 * turns, one second each, the first of each pair alternating, so that whatever else the machine does falls on both
 * alike; each turn starts once both servers are at rest, so that what one does after its turn does not count against
 * the other's. For each read it prints the median CPU time per request and requests/s of both and the change.
 * Options: --rounds=N (15 turns each) --warm-up=N (5,000 requests per server and read, so that both run their code
 * compiled) --connections=N (20); --pages also reads /, /blog and the newest post's page, after building both sites;
 * --campaign reads /, /seo, the newest post's page and /blog, each plain and with a click id or campaign new at every
 * request, and /blog searched for new words at every request, then times a post's page rendered after each of
 * --writes=N writes (200), one at a time (scripts/lib/campaign-reads.ts).
 * With --lighthouse it builds both sites and runs Lighthouse instead (bench:web's settings) on bench:web's pages,
 * --runs=N times each (5; BENCH_PAGES=service,post for some), the two checkouts in turns, and prints the medians
 * of Perf, FCP, LCP and TBT of both: Lighthouse's simulated timings follow the machine's load, so only runs made
 * side by side compare (a post's median LCP, same code, was 1,289 ms in one run and 1,158 in the next).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from '../server/repository-root.ts';
import { startSignedInServer, stopServerProcess, type SignedInServer } from '../server/test-support/server-process.ts';
import { campaignReads, rendersAfterWrites } from './lib/campaign-reads.ts';
import { wholeNumberOption } from './lib/cli-options.ts';
import { measure, type LoadSettings, type Measurement } from './lib/http-load.ts';
import { benchmarkPages, chosenPages } from './lib/benchmark-pages.ts';
import { formatFigure, medianOf } from './lib/figures.ts';
import { lighthouseVersion, runLighthouse, type LighthouseReport } from './lib/lighthouse.ts';

const valueOptions = ['--rounds', '--connections', '--warm-up', '--runs', '--writes'];
const commit = process.argv
  .slice(2)
  .find((arg, index, args) => !arg.startsWith('--') && !valueOptions.includes(args[index - 1] ?? ''));
if (!commit) throw new Error('Name the commit to compare with: npm run bench:against -- COMMIT');
const rounds = wholeNumberOption('rounds', 15);
const connections = wholeNumberOption('connections', 20);
const warmUpRequests = wholeNumberOption('warm-up', 5000);
const withLighthouse = process.argv.includes('--lighthouse');
const lighthouseRuns = wholeNumberOption('runs', 5);
const withCampaign = process.argv.includes('--campaign');
const withPages = withCampaign || process.argv.includes('--pages');
const writes = wholeNumberOption('writes', 200);
const turn: LoadSettings = { connections, duration: 1, minimumRequests: 200, warmUpRequests: connections };

const git = (...args: string[]) => execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
const npm = (cwd: string, ...args: string[]) => execFileSync('npm', args, { cwd, stdio: 'inherit' });

/**
 * Whether every package COMMIT locks is installed here at the same version (the same lock, or one that only adds
 * packages since; type declarations it had and this one dropped run no code): then its checkout can share this node_modules instead of an `npm ci` of its own, which compiles
 * better-sqlite3 from source here (about 20 minutes on a loaded machine).
 */
function lockedWithin(ref: string): boolean {
  if (git('diff', '--name-only', ref, '--', 'package-lock.json') === '') return true;
  type Lock = { packages: Record<string, { version?: string }> };
  const theirs = JSON.parse(git('show', `${ref}:package-lock.json`)) as Lock;
  const ours = JSON.parse(git('show', 'HEAD:package-lock.json')) as Lock;
  return Object.entries(theirs.packages).every(
    ([path, { version }]) =>
      path === '' || ours.packages[path]?.version === version || (!ours.packages[path] && path.includes('/@types/')),
  );
}

const resolved = git('rev-parse', '--verify', `${commit}^{commit}`);
const workDir = mkdtempSync(join(tmpdir(), 'bench-against-'));
const other = join(workDir, 'checkout');
const servers: SignedInServer[] = [];
const admin = { email: 'bench@northbeam.example', password: 'bench-password-long-enough' };

async function stopAll(): Promise<void> {
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  if (existsSync(other)) git('worktree', 'remove', '--force', other);
  rmSync(workDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));

interface Checkout {
  name: string;
  directory: string;
}

const checkouts: Checkout[] = [
  { name: 'this checkout', directory: repositoryRoot },
  { name: resolved.slice(0, 7), directory: other },
];

interface Read {
  label: string;
  nextPath: () => string;
}

/** Lighthouse's figures that the page comparison prints, by audit. */
const pageFigures = [
  { label: 'FCP ms', audit: 'first-contentful-paint' },
  { label: 'LCP ms', audit: 'largest-contentful-paint' },
  { label: 'TBT ms', audit: 'total-blocking-time' },
] as const;

const results = new Map<string, Map<string, Measurement[]>>();
const renderRates = new Map<string, number[]>();
const pageReports = new Map<string, Map<string, LighthouseReport[]>>();

try {
  git('worktree', 'add', '--detach', other, resolved);
  if (lockedWithin(resolved)) symlinkSync(join(repositoryRoot, 'node_modules'), join(other, 'node_modules'), 'dir');
  else npm(other, 'ci', '--no-audit', '--no-fund');
  if (withPages || withLighthouse) for (const { directory } of checkouts) npm(directory, 'run', 'build');

  for (const { directory } of checkouts) {
    const dataDir = join(workDir, `data-${servers.length}`);
    servers.push(
      await startSignedInServer(admin, (base) => ({ SITE_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'info' }), {
        cwd: directory,
        output: 'errors-to-console',
      }),
    );
  }
  if (withLighthouse) await comparePages();
  else await compareReads();
} finally {
  await stopAll();
}

const [ours, theirs] = checkouts.map(({ name }) => name) as [string, string];
const change = (now: number, before: number) =>
  `${now >= before ? '+' : ''}${formatFigure((now / before - 1) * 100, 1)} %`;

async function compareReads(): Promise<void> {
  const [newest] = (await (await fetch(`${servers[0]!.base}/api/blogs?limit=1`)).json()) as { slug: string }[];
  if (!newest) throw new Error('This checkout seeded no example posts to read.');
  const fixed = (label: string, path: string): Read => ({ label, nextPath: () => path });
  const reads: Read[] = withCampaign
    ? campaignReads(newest.slug)
    : [
        fixed('GET /api/blogs?limit=10', '/api/blogs?limit=10'),
        fixed('GET /api/blogs/slug/:slug', `/api/blogs/slug/${newest.slug}`),
        ...(withPages
          ? [fixed('page /', '/'), fixed('page /blog', '/blog'), fixed('page /blogs/:slug', `/blogs/${newest.slug}`)]
          : []),
      ];

  for (const read of reads) {
    const byCheckout = new Map(checkouts.map(({ name }) => [name, [] as Measurement[]]));
    results.set(read.label, byCheckout);
    const targets = servers.map((server, index) => ({
      name: checkouts[index]!.name,
      target: { pid: server.child.pid!, base: server.base, nextPath: read.nextPath },
    }));
    const atRest = servers.map(({ child }) => child.pid!);
    for (const { target } of targets) await measure(target, { ...turn, warmUpRequests });
    for (let round = 0; round < rounds; round += 1) {
      for (const { name, target } of round % 2 === 0 ? targets : [...targets].reverse()) {
        byCheckout.get(name)!.push(await measure(target, { ...turn, atRest }));
      }
    }
  }
  if (!withCampaign) return;
  for (const { name } of checkouts) renderRates.set(name, []);
  for (let round = 0; round < 4; round += 1) {
    for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
      renderRates.get(checkouts[index]!.name)!.push(await rendersAfterWrites(servers[index]!, newest.slug, writes / 4));
    }
  }
}

if (withLighthouse) printPages();
else printReads();

function printReads(): void {
  console.log(
    `\nautocannon on 127.0.0.1: ${connections} connections, ${rounds} turns of 1 s per server and read, in alternation, ` +
      `after a warm-up of ${formatFigure(warmUpRequests)} requests; medians. NODE_ENV=production, LOG_LEVEL=info.`,
  );
  console.table(
    [...results].map(([label, byCheckout]) => {
      const cpu = [ours, theirs].map((name) => medianOf(byCheckout.get(name)!.map((run) => run.cpuMicroseconds)));
      const rate = [ours, theirs].map((name) => medianOf(byCheckout.get(name)!.map((run) => run.requestsPerSecond)));
      return {
        read: label,
        [`CPU µs/req ${ours}`]: formatFigure(cpu[0]!, 1),
        [`CPU µs/req ${theirs}`]: formatFigure(cpu[1]!, 1),
        'CPU change': change(cpu[0]!, cpu[1]!),
        [`req/s ${ours}`]: formatFigure(rate[0]!),
        [`req/s ${theirs}`]: formatFigure(rate[1]!),
        'req/s change': change(rate[0]!, rate[1]!),
      };
    }),
  );
  if (renderRates.size === 0) return;
  const [now, before] = [ours, theirs].map((name) => medianOf(renderRates.get(name)!));
  console.log(
    `\nA post's page after each write, one at a time, ${writes} writes per server in 4 turns: renders/s of the median ` +
      `request, ${ours} ${formatFigure(now!, 1)}, ${theirs} ${formatFigure(before!, 1)} (${change(now!, before!)}).`,
  );
}

async function comparePages(): Promise<void> {
  const pages = await benchmarkPages(servers[0]!.base);
  for (const [pageName, path] of chosenPages(pages)) {
    const byCheckout = new Map(checkouts.map(({ name }) => [name, [] as LighthouseReport[]]));
    pageReports.set(`${pageName} (${path})`, byCheckout);
    const targets = servers.map((server, index) => ({ name: checkouts[index]!.name, base: server.base }));
    for (let run = 0; run < lighthouseRuns; run += 1) {
      for (const { name, base } of run % 2 === 0 ? targets : [...targets].reverse()) {
        byCheckout.get(name)!.push(runLighthouse(`${base}${path}`));
      }
    }
  }
}

function printPages(): void {
  console.log(
    `\nLighthouse ${lighthouseVersion()}, mobile, ${lighthouseRuns} runs per checkout and page, in alternation; medians.`,
  );
  console.table(
    [...pageReports].map(([page, byCheckout]) => {
      const median = (name: string, figure: (report: LighthouseReport) => number) =>
        medianOf(byCheckout.get(name)!.map(figure));
      const row: Record<string, string> = { page };
      const perf = (report: LighthouseReport) => Math.round(report.categories.performance!.score * 100);
      row[`Perf ${ours}`] = String(median(ours, perf));
      row[`Perf ${theirs}`] = String(median(theirs, perf));
      for (const { label, audit } of pageFigures) {
        const value = (report: LighthouseReport) => report.audits[audit]!.numericValue;
        row[`${label} ${ours}`] = formatFigure(median(ours, value));
        row[`${label} ${theirs}`] = formatFigure(median(theirs, value));
      }
      return row;
    }),
  );
}
