/**
 * What a build holds of content/ outside its bundles (docs/decisions/0015): the page documents, read at run time by
 * the render bundle and fetched by the browser (src/content/page-documents.ts), the content version every page names,
 * and the shape of the content the bundles were made from. A save that leaves the shape as it was (only page
 * documents' words changed) is published from the served build without Vite (scripts/build-site.ts).
 */
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pageDocumentAsset } from '../../src/content/page-documents.ts';
import { contentFingerprint, contentPaths } from '../../server/content-studio/content-files.ts';
import { contentRoot } from './content.ts';
import { contentRouteEntries, documentId } from '../vite-content-routes.ts';

/**
 * Writes a file as a new one (aside, then renamed): the files of a build made from the previous one are hard links to
 * that build's, which is served meanwhile and must not change.
 */
export function replaceFile(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, path);
}

/** The content version of the content at CONTENT_DIR: part of the browser's document file names. */
export const contentVersion = (): string => contentFingerprint(contentRoot).slice(0, 16);

const versionMeta = /<meta name="content-version" content="[^"]*"\s*\/?>/;

/** A page (or the template) naming `version` as its content version. */
export function withContentVersion(html: string, version: string): string {
  if (!versionMeta.test(html)) throw new Error('The page template has no content-version meta element (index.html).');
  return html.replace(versionMeta, () => `<meta name="content-version" content="${version}" />`);
}

/**
 * Writes every page document into the build in `dist`: server/content/<id>.json for the render bundle, and the
 * browser's hashed copy in client/assets/. Answers the ids whose document differs from the one `previous` (a build's
 * folder) held, every id without it.
 */
export function writePageDocuments(dist: string, version: string, previous?: string): string[] {
  const changed: string[] = [];
  for (const path of contentPaths(contentRoot).pages) {
    const id = documentId(relative(contentRoot, path));
    const json = JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
    const server = join('server', 'content', `${id}.json`);
    let before: string | undefined;
    try {
      before = previous && readFileSync(join(previous, server), 'utf8');
    } catch {
      before = undefined;
    }
    if (before !== json) changed.push(id);
    replaceFile(join(dist, server), json);
    replaceFile(join(dist, 'client', pageDocumentAsset(version, id)), json);
  }
  return changed;
}

/**
 * What the bundles were made from, of the content: site.json (in the main chunk), the routes with their aliases and
 * section types (the route table), and what the brochure shows (made by the client build). Equal shapes: the served
 * build's bundles are those a full build would make, byte for byte.
 */
export async function contentShape(): Promise<string> {
  const { brochureKey } = await import('./brochure-key.ts');
  const { loadContent } = await import('./content.ts');
  const hash = createHash('sha256');
  hash.update(readFileSync(contentPaths(contentRoot).site));
  hash.update(JSON.stringify(contentRouteEntries()));
  hash.update(await brochureKey(loadContent()));
  return hash.digest('hex');
}

export const shapeFile = join('server', 'content-shape.json');

/**
 * The build in `previous` again in `out`, every file a hard link (nothing copied): what a content-only build then
 * writes it writes as new files (`replaceFile`).
 */
export function linkBuild(previous: string, out: string): void {
  for (const entry of readdirSync(previous, { recursive: true, withFileTypes: true })) {
    const from = join(entry.parentPath, entry.name);
    const to = join(out, relative(previous, from));
    if (entry.isDirectory()) mkdirSync(to, { recursive: true });
    else if (entry.isFile() && !entry.name.endsWith('.partial')) {
      mkdirSync(dirname(to), { recursive: true });
      linkSync(from, to);
    }
  }
}
