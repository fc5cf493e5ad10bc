import { join, resolve } from 'node:path';
import type { PageDocument, SiteDocument } from '../../src/content/types.gen.ts';
import { contentPaths, readContentFile, type ContentFile } from '../../server/content-studio/content-files.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');

/**
 * The checkout whose content/ the build reads: CONTENT_DIR when set (the studio's checkout, or a snapshot of one
 * commit of it that the server publishes), otherwise this repository.
 */
export const contentRoot = process.env.CONTENT_DIR ? resolve(process.env.CONTENT_DIR) : repoRoot;

/** The site document and every page document (pages/, services/, articles/, legal/), read from disk. */
export function loadContent(): { site: ContentFile<SiteDocument>; pages: ContentFile<PageDocument>[] } {
  const paths = contentPaths(contentRoot);
  return {
    site: readContentFile<SiteDocument>(paths.site, contentRoot),
    pages: paths.pages.map((path) => readContentFile(path, contentRoot)),
  };
}
