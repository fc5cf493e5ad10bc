/** Where the content documents of a checkout are, and how one is read: shared by content:check, the build and the studio. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const pageFolders = ['pages', 'services', 'articles', 'legal'] as const;

export interface ContentFile<T = unknown> {
  /** Path relative to the checkout, as printed in messages: `content/services/seo.json`. */
  path: string;
  data: T;
}

/** Reads one JSON document; `root` is the folder its path is shown relative to. */
export function readContentFile<T>(path: string, root: string): ContentFile<T> {
  const shown = relative(root, path);
  try {
    return { path: shown, data: JSON.parse(readFileSync(path, 'utf8')) as T };
  } catch (error) {
    throw new Error(`${shown}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** The content documents of a checkout (`root` holds content/): site.json, redirects.json and every page document. */
export function contentPaths(root: string): { site: string; redirects: string; pages: string[] } {
  const dir = join(root, 'content');
  const pages = pageFolders.flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(dir, folder, name)),
  );
  return { site: join(dir, 'site.json'), redirects: join(dir, 'redirects.json'), pages };
}
