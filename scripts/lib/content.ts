import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PageDocument, SiteDocument } from '../../src/content/types.gen.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');
const contentDir = join(repoRoot, 'content');
const pageFolders = ['pages', 'services', 'articles', 'legal'];

export interface ContentFile<T = unknown> {
  /** Path relative to the repository, as printed in messages. */
  path: string;
  data: T;
}

/** Reads one JSON document; `root` is the folder its path is shown relative to. */
export function readContentFile<T>(path: string, root = repoRoot): ContentFile<T> {
  const shown = relative(root, path);
  try {
    return { path: shown, data: JSON.parse(readFileSync(path, 'utf8')) as T };
  } catch (error) {
    throw new Error(`${shown}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** The site document and every page document (pages/, services/, articles/, legal/), read from disk. */
export function loadContent(): { site: ContentFile<SiteDocument>; pages: ContentFile<PageDocument>[] } {
  const paths = contentPaths();
  return { site: readContentFile<SiteDocument>(paths.site), pages: paths.pages.map((path) => readContentFile(path)) };
}

/** Where the content documents of a checkout are: site.json, redirects.json and every page document. */
export function contentPaths(root = repoRoot): { site: string; redirects: string; pages: string[] } {
  const dir = root === repoRoot ? contentDir : join(root, 'content');
  const pages = pageFolders.flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(dir, folder, name)),
  );
  return { site: join(dir, 'site.json'), redirects: join(dir, 'redirects.json'), pages };
}
