/**
 * Whether a build's brochure can be reused, without loading what draws it (pdf-lib): the content studio's
 * content-only builds check the brochure's key on every save (docs/decisions/0015).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brochureContent } from './brochure-content.ts';
import { repoRoot, type loadContent } from './content.ts';

/** Beside the build's manifest, out of the served files: what the brochure was made from, to be reused by the next. */
export const brochureKeyFile = '.vite/brochure.json';
const brochureSources = ['brochure.ts', 'lib/brochure-content.ts', 'lib/brochure-images.ts'];
const scriptsDir = join(import.meta.dirname, '..');

/**
 * A hash of everything the brochure is made from: this code, what it tells (from the content) and the images it
 * draws. Two builds with the same key draw the same brochure.
 */
export async function brochureKey({ site, pages }: ReturnType<typeof loadContent>): Promise<string> {
  const content = brochureContent(
    site.data,
    pages.map((page) => page.data),
  );
  const images = [site.data.brand.logo.src, ...content.services.map(({ image }) => image)];
  const hash = createHash('sha256').update(JSON.stringify(content));
  for (const file of brochureSources) hash.update(readFileSync(join(scriptsDir, file)));
  for (const image of new Set([...images, ...content.cases.map(({ image }) => image)])) {
    hash.update(image).update(await readFile(join(repoRoot, 'public', image)));
  }
  return hash.digest('hex');
}

/**
 * The brochure of a previous build (its client folder) when it was made from the same key: making it again takes
 * seconds (docs/decisions/0015), and most saves in the content studio leave it as it was.
 */
export function previousBrochure(previous: string, href: string, key: string): Buffer | undefined {
  try {
    const made = JSON.parse(readFileSync(join(previous, brochureKeyFile), 'utf8')) as { href: string; key: string };
    return made.key === key && made.href === href ? readFileSync(join(previous, href.slice(1))) : undefined;
  } catch {
    return undefined;
  }
}
