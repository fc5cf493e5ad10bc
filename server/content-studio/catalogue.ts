/**
 * The catalogue of content documents: the files that exist under content/, each with its id (its path without
 * .json) and its schema. A request's id is only ever looked up here, never joined to a path: `../x` is no entry.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ContentSummary } from '../../src/content/types.gen.ts';
import { contentPaths, isRegularFile } from './content-files.ts';
import { blobId } from './git.ts';

export interface CatalogueEntry {
  id: string;
  /** Relative to the checkout, with forward slashes: `content/services/seo.json`. */
  path: string;
  absolutePath: string;
  schema: 'site.schema.json' | 'redirects.schema.json' | 'page.schema.json';
}

export interface StoredDocument {
  entry: CatalogueEntry;
  bytes: Buffer;
  document: Record<string, unknown>;
  /** The git blob id of the file's bytes. */
  version: string;
}

/** Every document of the checkout at `root`; empty when it holds no content/. */
export function readCatalogue(root: string): CatalogueEntry[] {
  let paths: ReturnType<typeof contentPaths>;
  try {
    paths = contentPaths(root);
  } catch {
    return [];
  }
  const entry = (absolutePath: string, schema: CatalogueEntry['schema']): CatalogueEntry => {
    const path = relative(root, absolutePath).split('\\').join('/');
    return { id: path.replace(/^content\//, '').replace(/\.json$/, ''), path, absolutePath, schema };
  };
  return [
    entry(paths.site, 'site.schema.json'),
    entry(paths.redirects, 'redirects.schema.json'),
    ...paths.pages.map((path) => entry(path, 'page.schema.json')),
  ].filter((found) => isRegularFile(found.absolutePath));
}

export function findEntry(root: string, id: string): CatalogueEntry | undefined {
  return readCatalogue(root).find((entry) => entry.id === id);
}

export function readStored(entry: CatalogueEntry): StoredDocument {
  const bytes = readFileSync(entry.absolutePath);
  return {
    entry,
    bytes,
    document: JSON.parse(bytes.toString('utf8')) as Record<string, unknown>,
    version: blobId(bytes),
  };
}

/** What the list shows of a document; one that is not JSON (content:check reports it) by its id alone. */
export function summariseEntry(entry: CatalogueEntry): Omit<ContentSummary, 'lastChange'> {
  let stored: StoredDocument;
  try {
    stored = readStored(entry);
  } catch {
    return summarise({ entry, bytes: Buffer.alloc(0), document: {}, version: '' });
  }
  return summarise(stored);
}

/** What the list shows of a document: its kind, and a page's route and title. */
function summarise(stored: StoredDocument): Omit<ContentSummary, 'lastChange'> {
  const { entry, document } = stored;
  if (entry.schema === 'site.schema.json') {
    return { id: entry.id, kind: 'site', title: 'Site: brand, contact, navigation, footer', schema: entry.schema };
  }
  if (entry.schema === 'redirects.schema.json') {
    return { id: entry.id, kind: 'redirects', title: 'Redirects', schema: entry.schema };
  }
  const page = document as { route?: unknown; title?: unknown; kind?: unknown };
  const kind = (['service', 'article', 'legal'] as const).find((known) => known === page.kind) ?? 'page';
  return {
    id: entry.id,
    kind,
    ...(typeof page.route === 'string' ? { route: page.route } : {}),
    title: typeof page.title === 'string' ? page.title : entry.id,
    schema: entry.schema,
  };
}
