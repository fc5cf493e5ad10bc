import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PageDocument, SiteDocument } from '../../src/content/types.gen.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');
const contentDir = join(repoRoot, 'content');

export interface ContentFile<T = unknown> {
  /** Path relative to the repository, as printed in messages. */
  path: string;
  data: T;
}

function read<T>(path: string): ContentFile<T> {
  const shown = relative(repoRoot, path);
  try {
    return { path: shown, data: JSON.parse(readFileSync(path, 'utf8')) as T };
  } catch (error) {
    throw new Error(`${shown}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** The site document and every page document (pages/, services/, articles/, legal/), read from disk. */
export function loadContent(): { site: ContentFile<SiteDocument>; pages: ContentFile<PageDocument>[] } {
  const pages = ['pages', 'services', 'articles', 'legal'].flatMap((folder) =>
    readdirSync(join(contentDir, folder))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => read<PageDocument>(join(contentDir, folder, name))),
  );
  return { site: read<SiteDocument>(join(contentDir, 'site.json')), pages };
}
