import { join } from 'node:path';
import type { PageDocument, SiteDocument } from '../../src/content/types.gen.ts';
import { contentPaths, readContentFile, type ContentFile } from '../../server/content-studio/content-files.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** The site document and every page document (pages/, services/, articles/, legal/), read from disk. */
export function loadContent(): { site: ContentFile<SiteDocument>; pages: ContentFile<PageDocument>[] } {
  const paths = contentPaths(repoRoot);
  return {
    site: readContentFile<SiteDocument>(paths.site, repoRoot),
    pages: paths.pages.map((path) => readContentFile(path, repoRoot)),
  };
}
