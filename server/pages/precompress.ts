import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const compressibleFile = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const minimumSize = 1024;

const encoders = [
  {
    extension: '.br',
    encode: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', encode: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

async function isUpToDate(source: string, target: string): Promise<boolean> {
  try {
    const [sourceStat, targetStat] = await Promise.all([stat(source), stat(target)]);
    return targetStat.mtimeMs >= sourceStat.mtimeMs;
  } catch {
    return false;
  }
}

async function precompressFile(path: string): Promise<void> {
  const data = await readFile(path);
  if (data.length < minimumSize) return;
  await Promise.all(
    encoders.map(async ({ extension, encode }) => {
      const target = path + extension;
      if (await isUpToDate(path, target)) return;
      // Written aside, then renamed: another server starting on the same build never reads half a file.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, await encode(data));
      await rename(partial, target);
    }),
  );
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build that lacks a current one, so
 * that @fastify/static serves them compressed at maximum quality without compressing on every request, and
 * removes copies whose original is gone (they would still be served). `pages: false` leaves out the HTML pages, which
 * the server serves from memory through the response cache, compressed there.
 */
export async function precompressDirectory(directory: string, { pages = true } = {}): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)));
  const originals = [...files].filter((file) => compressibleFile.test(file) && (pages || !file.endsWith('.html')));
  const orphans = [...files].filter((file) => /\.(br|gz)$/.test(file) && !files.has(file.slice(0, -3)));
  await Promise.all([...originals.map(precompressFile), ...orphans.map((orphan) => unlink(orphan))]);
}
