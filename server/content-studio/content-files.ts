/** Where the content documents of a checkout are, and how one is read: shared by content:check, the build and the studio. */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

/**
 * The content documents of a checkout (`root` holds content/): site.json, redirects.json and every page document.
 * Only regular files: a symbolic link (which may lead out of the checkout) is no document (`irregularContent`).
 */
export function contentPaths(root: string): { site: string; redirects: string; pages: string[] } {
  const dir = join(root, 'content');
  const pages = pageFolders.flatMap((folder) =>
    readdirSync(join(dir, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name)
      .sort()
      .map((name) => join(dir, folder, name)),
  );
  return { site: join(dir, 'site.json'), redirects: join(dir, 'redirects.json'), pages };
}

/** Whether a path is a regular file itself, not a link to one. */
export function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Everything under content/ that is neither a regular file nor a folder (symbolic links above all), relative to
 * root: never read, never served, and reported by content:check.
 */
export function irregularContent(root: string): string[] {
  const dir = join(root, 'content');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isFile() && !entry.isDirectory())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * What a build of the site was made from: a hash of every file under content/ (their paths and bytes). Two checkouts
 * whose content is the same have the same fingerprint, whichever commits hold it.
 */
export function contentFingerprint(root: string): string {
  const dir = join(root, 'content');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
