/**
 * Builds the whole site (client, server render bundle, prerendered pages) into a folder of its own:
 * `tsx scripts/build-site.ts --out DIR [--previous CLIENT_DIR]`, reading content/ from CONTENT_DIR. The content
 * studio's publisher runs it after each save or pull, then swaps the folder the server serves (docs/decisions/0015).
 * The checks of content:check run inside the build (scripts/vite-content-check.ts) and fail it on any problem.
 *
 * When the previous build was made from content of the same shape (scripts/lib/content-build.ts: site.json, the
 * routes and their section types, the brochure), only page documents' words changed: its bundles are what Vite would
 * make again, so the build takes them as they are (hard links), writes the new documents and prerenders the pages
 * whose document changed. Each step's wall and CPU time is printed, and written to server/build.json.
 */
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { contentShape, linkBuild, replaceFile, shapeFile } from './lib/content-build.ts';
import { repoRoot } from './lib/content.ts';
import { prerender } from './prerender.ts';
import { compressibleFile } from '../server/pages/precompress.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, previous: { type: 'string' } } });
if (!values.out) {
  throw new Error('Usage: tsx scripts/build-site.ts --out DIR [--previous CLIENT_DIR] (content/ from CONTENT_DIR)');
}
const out = resolve(values.out);
const previousClient = values.previous ? resolve(values.previous) : undefined;
const previous = previousClient && dirname(previousClient);

interface Step {
  name: string;
  wallMs: number;
  cpuMs: number;
}
// The process's start (node, tsx, this script's imports) is the first step.
const steps: Step[] = [
  { name: 'start', wallMs: Math.round(performance.now()), cpuMs: Math.round(cpuMs(process.cpuUsage())) },
];
function cpuMs({ user, system }: NodeJS.CpuUsage): number {
  return (user + system) / 1000;
}
async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  steps.push({
    name,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round(cpuMs(process.cpuUsage(cpu))),
  });
  return result;
}

const shape = await step('content shape', contentShape);
const readShape = (build: string) => {
  try {
    return (JSON.parse(readFileSync(join(build, shapeFile), 'utf8')) as { shape: string }).shape;
  } catch {
    return undefined;
  }
};
const contentOnly = previous !== undefined && readShape(previous) === shape;

mkdirSync(out, { recursive: true });
if (contentOnly) {
  await step('link the served build', () => linkBuild(previous, out));
  const pages = await step('documents, changed pages, sitemap dates, compression', () =>
    prerender(out, { compressPages: false, unchangedFrom: previous, shape }),
  );
  console.log(`build-site: content only, ${pages.rendered} pages rendered, ${pages.kept} kept`);
} else {
  await fullBuild();
}
// The render bundle is an ES module wherever the folder is.
if (!existsSync(join(out, 'package.json'))) writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
replaceFile(join(out, 'server', 'build.json'), JSON.stringify({ vite: !contentOnly, steps }));
// The publisher logs this line: where a save's time to live goes.
console.log(`build-site steps: ${steps.map((s) => `${s.name} ${s.wallMs} ms (CPU ${s.cpuMs} ms)`).join(', ')}`);

async function fullBuild(): Promise<void> {
  const { build } = await step('Vite loaded', () => import('vite'));
  const configFile = join(repoRoot, 'vite.config.ts');
  // The brochure plugin takes the previous build's PDF when what it is made from has not changed (scripts/brochure.ts).
  if (previousClient) process.env.SITE_PREVIOUS_BUILD = previousClient;
  // The two bundles do not depend on each other: built at once, Vite's native parts keep both cores busy.
  await step('client and render bundles (Vite)', () =>
    Promise.all([
      build({ configFile, root: repoRoot, logLevel: 'warn', build: { outDir: join(out, 'client') } }),
      build({
        configFile,
        root: repoRoot,
        logLevel: 'warn',
        build: { ssr: join(repoRoot, 'src', 'entry-server.tsx'), outDir: join(out, 'server') },
      }),
    ]),
  );
  if (previousClient) {
    await step('files of the previous build', () =>
      Promise.all([
        reuseCompressedCopies(previousClient, join(out, 'client')),
        keepOlderAssets(previousClient, join(out, 'client')),
      ]),
    );
  }
  await step('prerender and compress', () => prerender(out, { compressPages: false, shape }));
}

/**
 * Brotli at its best quality takes seconds over the admin's chunks, which a content change leaves as they were: a
 * file whose bytes the previous build has too takes that build's compressed copies, and only the rest is compressed.
 */
async function reuseCompressedCopies(previous: string, next: string): Promise<void> {
  const files = await readdir(next, { recursive: true, withFileTypes: true });
  await Promise.all(
    files
      .filter((file) => file.isFile() && compressibleFile.test(file.name))
      .map(async (file) => {
        const path = join(file.parentPath, file.name);
        const before = join(previous, relative(next, path));
        if (!existsSync(`${before}.br`) || !existsSync(`${before}.gz`)) return;
        const [mine, theirs] = await Promise.all([readFile(path), readFile(before).catch(() => undefined)]);
        if (!theirs?.equals(mine)) return;
        await Promise.all(['.br', '.gz'].map((extension) => copyFile(before + extension, path + extension)));
      }),
  );
}

/** A page of the previous build still open in a browser loads its chunks later: they stay, beside the new ones. */
async function keepOlderAssets(previous: string, next: string): Promise<void> {
  const names = new Set(await readdir(join(next, 'assets')));
  const older = (await readdir(join(previous, 'assets')).catch(() => [])).filter((name) => !names.has(name));
  await Promise.all(older.map((name) => copyFile(join(previous, 'assets', name), join(next, 'assets', name))));
}
