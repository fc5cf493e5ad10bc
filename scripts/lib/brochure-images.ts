/** The site's images as PNG for the brochure (PDF takes PNG and JPEG, the site's images are mostly SVG). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from './content.ts';

/** Renders an image of public/ at `scale` times its own size: sharp draws SVG at 72 dpi, its own pixel size. */
export async function pngOf(src: string, scale = 2): Promise<Uint8Array> {
  const bytes = await readFile(join(repoRoot, 'public', src));
  return new Uint8Array(
    await sharp(bytes, { density: 72 * scale })
      .png()
      .toBuffer(),
  );
}

/** A picture without transparency as JPEG, many times smaller than its PNG. */
export async function jpegOf(src: string): Promise<Uint8Array> {
  const bytes = await readFile(join(repoRoot, 'public', src));
  return new Uint8Array(await sharp(bytes).jpeg({ quality: 80 }).toBuffer());
}
