/**
 * Writes every content route as static HTML (<build>/client/<route>/index.html) from the server
 * render bundle, so the first response already holds the page. The home page and /blog show live
 * posts: the server renders them per request instead. Run alone it prerenders dist/; the studio's
 * publisher (scripts/build-site.ts) prerenders a build of its own folder.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildManifest } from '../src/entry-server.tsx';
import { contentFingerprint } from '../server/content-studio/content-files.ts';
import { lastChangedAll } from './lib/content-dates.ts';
import {
  contentShape,
  contentVersion,
  replaceFile,
  shapeFile,
  withContentVersion,
  writePageDocuments,
} from './lib/content-build.ts';
import { contentRoot } from './lib/content.ts';
import { contentRouteEntries, documentId } from './vite-content-routes.ts';
import { criticalCss } from '../server/pages/critical-css.ts';
import { precompressDirectory } from '../server/pages/precompress.ts';

export interface PrerenderOptions {
  /** false spares the pages' compressed copies, which the server never sends (it compresses them itself). */
  compressPages?: boolean;
  /**
   * The build whose pages `dist` holds already (a content-only build, scripts/build-site.ts): a page whose document
   * did not change is that page again, naming the new content version; only the others are rendered.
   */
  unchangedFrom?: string;
  /** The content's shape (`contentShape`), when the caller has it already. */
  shape?: string;
}

/**
 * Prerenders the build in `dist` (its client/ and server/ folders), from the content it was built from, with the
 * page documents it reads at run time. Answers how many pages it rendered and how many it kept.
 */
export async function prerender(
  dist: string,
  { compressPages = true, unchangedFrom, shape }: PrerenderOptions = {},
): Promise<{ rendered: number; kept: number }> {
  const templatePath = join(dist, 'server', 'template.html');
  // Prerendering "/" overwrites the built index.html, which is also the template: keep a copy first.
  if (!existsSync(templatePath)) copyFileSync(join(dist, 'client', 'index.html'), templatePath);
  const version = contentVersion();
  const changed = new Set(writePageDocuments(dist, version, unchangedFrom));
  const template = withContentVersion(readFileSync(templatePath, 'utf8'), version);
  replaceFile(templatePath, template);

  const entry = (await import(
    pathToFileURL(join(dist, 'server', 'entry-server.js')).href
  )) as typeof import('../src/entry-server.tsx');
  const manifest = JSON.parse(readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  const routes = JSON.parse(readFileSync(join(dist, 'client', 'routes.json'), 'utf8')) as string[];
  const entries = contentRouteEntries();
  const documentAt = new Map(entries.map(({ path, file }) => [path, documentId(file)]));
  const renderedPerRequest = new Set(entry.renderedPerRequest);
  // Each page's critical CSS inlined, the stylesheet loaded without blocking first paint.
  const inlineCriticalCss = criticalCss(join(dist, 'client'));

  const started = performance.now();
  let rendered = 0;
  let kept = 0;
  for (const route of routes) {
    if (renderedPerRequest.has(route)) continue;
    const file = join(dist, 'client', route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
    if (unchangedFrom && !changed.has(documentAt.get(route)!) && existsSync(file)) {
      replaceFile(file, withContentVersion(readFileSync(file, 'utf8'), version));
      kept += 1;
      continue;
    }
    const page = await entry.render(route, entry.originPlaceholder);
    if (page.status !== 200) throw new Error(`prerender: ${route} rendered with status ${page.status}`);
    replaceFile(file, inlineCriticalCss(entry.fillTemplate(template, page, manifest)));
    rendered += 1;
  }
  // The sitemap's lastmod of each content route: when its document last changed (kept out of the served files).
  const dates = lastChangedAll(
    contentRoot,
    entries.map(({ file }) => file),
  );
  const lastmod = Object.fromEntries(entries.map(({ path, file }) => [path, dates.get(file)!.toISOString()]));
  replaceFile(join(dist, 'server', 'content-dates.json'), JSON.stringify(lastmod));
  // Which content the build shows: the server compares it with its checkout's to tell whether a build is current.
  replaceFile(join(dist, 'server', 'content.json'), JSON.stringify({ fingerprint: contentFingerprint(contentRoot) }));
  // What its bundles were made from: the next build that finds the same needs no Vite (scripts/build-site.ts).
  replaceFile(join(dist, shapeFile), JSON.stringify({ shape: shape ?? (await contentShape()) }));
  // Its redirects, which the server swaps with the build (server/http/content-redirects.ts).
  replaceFile(join(dist, 'server', 'redirects.json'), readFileSync(join(contentRoot, 'content', 'redirects.json')));
  // Its site.json, which the forms' intake swaps with the build: the choices and consent words its pages show.
  replaceFile(join(dist, 'server', 'site.json'), readFileSync(join(contentRoot, 'content', 'site.json')));
  console.log(`prerender: ${rendered} routes rendered, ${kept} kept in ${Math.round(performance.now() - started)} ms`);

  // Compressed copies made here, at build time, so that a starting server has only to check they are current.
  const compressing = performance.now();
  await precompressDirectory(join(dist, 'client'), { pages: compressPages });
  console.log(`precompress: ${Math.round(performance.now() - compressing)} ms`);
  return { rendered, kept };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender(join(import.meta.dirname, '..', 'dist'));
}
