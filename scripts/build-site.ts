/**
 * Builds the whole site (client, server render bundle, prerendered pages) into a folder of its own:
 * `tsx scripts/build-site.ts --out DIR`, reading content/ from CONTENT_DIR. The content studio's publisher runs it
 * after each save or pull, then swaps the folder the server serves (docs/decisions/0015). The checks of
 * content:check run inside the build (scripts/vite-content-check.ts) and fail it on any problem.
 */
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { repoRoot } from './lib/content.ts';
import { prerender } from './prerender.ts';
import { compressibleFile } from '../server/pages/precompress.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, previous: { type: 'string' } } });
if (!values.out) {
  throw new Error('Usage: tsx scripts/build-site.ts --out DIR [--previous CLIENT_DIR] (content/ from CONTENT_DIR)');
}
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
// The render bundle is an ES module wherever the folder is.
writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
const configFile = join(repoRoot, 'vite.config.ts');
// The brochure plugin takes the previous build's PDF when what it is made from has not changed (scripts/brochure.ts).
if (values.previous) process.env.SITE_PREVIOUS_BUILD = resolve(values.previous);

const steps: string[] = [];
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps.push(`${name} ${Math.round(performance.now() - started)} ms`);
  return result;
}

// The two bundles do not depend on each other: built at once, Vite's native parts keep both cores busy.
await step('client and render bundles', () =>
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
if (values.previous) {
  const previous = resolve(values.previous);
  await step('files of the previous build', () =>
    Promise.all([reuseCompressedCopies(previous, join(out, 'client')), keepOlderAssets(previous, join(out, 'client'))]),
  );
}
await step('prerender and compress', () => prerender(out, { compressPages: false }));
// The publisher logs this line: where a save's time to live goes.
console.log(`build-site steps: ${steps.join(', ')}`);

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
