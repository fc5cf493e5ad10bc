/**
 * Writes every content route as static HTML (<build>/client/<route>/index.html) from the server
 * render bundle, so the first response already holds the page. The home page and /blog show live
 * posts: the server renders them per request instead. Run alone it prerenders dist/; the studio's
 * publisher (scripts/build-site.ts) prerenders a build of its own folder.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildManifest } from '../src/entry-server.tsx';
import { contentFingerprint } from '../server/content-studio/content-files.ts';
import { lastChangedAll } from './lib/content-dates.ts';
import { contentRoot } from './lib/content.ts';
import { contentRouteEntries } from './vite-content-routes.ts';
import { criticalCss } from '../server/pages/critical-css.ts';
import { precompressDirectory } from '../server/pages/precompress.ts';

/**
 * Prerenders the build in `dist` (its client/ and server/ folders), from the content it was built from.
 * `compressPages: false` spares the pages' compressed copies, which the server never sends (it compresses them itself).
 */
export async function prerender(dist: string, { compressPages = true } = {}): Promise<void> {
  const templatePath = join(dist, 'server', 'template.html');
  // Prerendering "/" overwrites the built index.html, which is also the template: keep a copy first.
  if (!existsSync(templatePath)) copyFileSync(join(dist, 'client', 'index.html'), templatePath);
  const template = readFileSync(templatePath, 'utf8');

  const entry = (await import(
    pathToFileURL(join(dist, 'server', 'entry-server.js')).href
  )) as typeof import('../src/entry-server.tsx');
  const manifest = JSON.parse(readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  const routes = JSON.parse(readFileSync(join(dist, 'client', 'routes.json'), 'utf8')) as string[];
  const renderedPerRequest = new Set(entry.renderedPerRequest);
  // Each page's critical CSS inlined, the stylesheet loaded without blocking first paint.
  const inlineCriticalCss = criticalCss(join(dist, 'client'));

  const started = performance.now();
  let written = 0;
  for (const route of routes) {
    if (renderedPerRequest.has(route)) continue;
    const page = await entry.render(route, entry.originPlaceholder);
    if (page.status !== 200) throw new Error(`prerender: ${route} rendered with status ${page.status}`);
    const file = join(dist, 'client', route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await inlineCriticalCss(entry.fillTemplate(template, page, manifest)));
    written += 1;
  }
  // The sitemap's lastmod of each content route: when its document last changed (kept out of the served files).
  const entries = contentRouteEntries();
  const changed = lastChangedAll(
    contentRoot,
    entries.map(({ file }) => file),
  );
  const dates = Object.fromEntries(entries.map(({ path, file }) => [path, changed.get(file)!.toISOString()]));
  writeFileSync(join(dist, 'server', 'content-dates.json'), JSON.stringify(dates));
  // Which content the build shows: the server compares it with its checkout's to tell whether a build is current.
  writeFileSync(join(dist, 'server', 'content.json'), JSON.stringify({ fingerprint: contentFingerprint(contentRoot) }));
  // Its redirects, which the server swaps with the build (server/http/content-redirects.ts).
  copyFileSync(join(contentRoot, 'content', 'redirects.json'), join(dist, 'server', 'redirects.json'));
  console.log(`prerender: ${written} routes in ${Math.round(performance.now() - started)} ms`);

  // Compressed copies made here, at build time, so that a starting server has only to check they are current.
  const compressing = performance.now();
  await precompressDirectory(join(dist, 'client'), { pages: compressPages });
  console.log(`precompress: ${Math.round(performance.now() - compressing)} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender(join(import.meta.dirname, '..', 'dist'));
}
