/**
 * The images content may name: the files under public/images, and media-library images, which a save copies into
 * public/images/library/ of the checkout and commits with the document (docs/decisions/0025), so that the
 * repository alone proves every image exists.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import type { ContentImage } from '../../src/content/types.gen.ts';

const imageFile = /\.(svg|png|webp|avif|jpg|gif)$/;
/** A media-library file as content names it: its stored name, made from the hash of its bytes, so never reused. */
const libraryImage = /^\/images\/library\/([0-9a-f]{20}(-([0-9]{1,5}|social))?\.(jpg|png|webp|gif|avif))$/;

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && imageFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every image under public/images of these folders (the first holding a path wins), with its size, by address. */
export async function listSiteImages(publicDirs: string[]): Promise<ContentImage[]> {
  const found = new Map<string, ContentImage>();
  for (const publicDir of publicDirs) {
    for (const path of await filesUnder(join(publicDir, 'images'))) {
      const src = `/${relative(publicDir, path).split('\\').join('/')}`;
      if (found.has(src)) continue;
      try {
        const { width, height } = await sharp(path).metadata();
        if (width && height) found.set(src, { src, width, height });
      } catch {
        // A file sharp cannot read is no image the form can size: it is not offered.
      }
    }
  }
  return [...found.values()].sort((a, b) => a.src.localeCompare(b.src));
}

/** The media-library files a document names, by their stored name. */
export function libraryImagesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => libraryImagesIn(item, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => libraryImagesIn(item, found));
  else if (typeof value === 'string') {
    const match = libraryImage.exec(value);
    if (match) found.add(match[1]!);
  }
  return found;
}

/**
 * Copies into root/public/images/library/ each library image the document names that the checkout lacks, from the
 * media library (`read`: the stored bytes by name, undefined when there is no such file). Answers the paths written,
 * relative to root, to commit with the document or to remove when the save is refused; an image the library does not
 * have is left out, for the content check to name.
 */
export async function copyLibraryImages(
  root: string,
  document: unknown,
  read: (name: string) => Promise<Buffer | undefined>,
): Promise<string[]> {
  const written: string[] = [];
  for (const name of libraryImagesIn(document)) {
    const path = join('public', 'images', 'library', name);
    if (existsSync(join(root, path))) continue;
    const bytes = await read(name);
    if (!bytes) continue;
    await mkdir(join(root, 'public', 'images', 'library'), { recursive: true });
    await writeFile(join(root, path), bytes);
    written.push(path);
  }
  return written;
}

export async function removeFiles(root: string, paths: string[]) {
  await Promise.all(paths.map((path) => rm(join(root, path), { force: true })));
}
