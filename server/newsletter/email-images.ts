import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { repositoryRoot } from '../repository-root.ts';

/**
 * Gmail, Outlook and Yahoo show no SVG, and every cover of the blog is one: an e-mail points at a PNG copy instead,
 * made from the site's own file by sharp at twice the width it is shown (docs/decisions/0036). Its address names the
 * file, the width and the hash of the SVG it was made from, so that every instance makes the same bytes from the same
 * file, and a mail client's proxy never keeps an old picture under the address of a new one.
 */

/** Where the site's own files are (the build copies them as they are): the SVGs an e-mail may show. */
const publicDir = join(repositoryRoot, 'public');
const routePrefix = '/email-images';
/** Twice the widest an e-mail shows an image (its column is 536 px): sharp for a high-density screen, no larger. */
const widest = 1200;
const narrowest = 16;

export interface EmailImage {
  /** The PNG's absolute address. */
  src: string;
  /** The size to show it at, half the PNG's pixels. */
  width: number;
  height: number;
}

const hashOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('base64url').slice(0, 16);

/** The site's file at `path` (`/images/…svg`), or undefined for a path leaving the public folder or not an SVG. */
function fileOf(path: string): string | undefined {
  if (!/^\/[A-Za-z0-9/_.-]+\.svg$/.test(path) || path.includes('..')) return undefined;
  const file = normalize(join(publicDir, path));
  return file.startsWith(publicDir + sep) ? file : undefined;
}

interface Raster {
  png: Buffer;
  width: number;
  height: number;
}

/** Rasters made, by file, hash and width: an e-mail's few images, asked for by every reader who opens it. */
const made = new Map<string, Promise<Raster>>();
const remembered = 64;

function rasterise(svg: Buffer, key: string, pixelWidth: number): Promise<Raster> {
  let raster = made.get(key);
  if (raster === undefined) {
    raster = (async () => {
      const { width = 0 } = await sharp(svg).metadata();
      // Drawn at the density that gives the wanted width, so that the lines stay sharp rather than being enlarged.
      const density = Math.min(2400, Math.max(1, (72 * pixelWidth) / Math.max(1, width)));
      const { data, info } = await sharp(svg, { density, failOn: 'error' })
        .resize({ width: pixelWidth })
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    })();
    raster.catch(() => made.delete(key));
    if (made.size >= remembered) made.delete(made.keys().next().value!);
    made.set(key, raster);
  }
  return raster;
}

const keyOf = (path: string, hash: string, pixelWidth: number) => `${path} ${hash} ${pixelWidth}`;

/**
 * The PNG copy of the site's SVG at `path`, for an e-mail that shows it `shownWidth` px wide; undefined when the path
 * is no SVG of the site, or it does not render (the e-mail then keeps its words, not a broken picture).
 */
export async function emailImageOf(path: string, shownWidth: number, origin: string): Promise<EmailImage | undefined> {
  const file = fileOf(path);
  if (file === undefined) return undefined;
  const pixelWidth = Math.min(widest, Math.max(narrowest, Math.round(shownWidth * 2)));
  try {
    const svg = await readFile(file);
    const hash = hashOf(svg);
    const raster = await rasterise(svg, keyOf(path, hash, pixelWidth), pixelWidth);
    return {
      src: `${origin}${routePrefix}/${hash}/${pixelWidth}${path.replace(/\.svg$/, '.png')}`,
      width: Math.round(raster.width / 2),
      height: Math.round(raster.height / 2),
    };
  } catch {
    return undefined;
  }
}

interface ImageRequest {
  Params: { hash: string; width: string; '*': string };
}

/**
 * `GET /email-images/{hash}/{width}/{path}.png`: the PNG copy of the site's `{path}.svg`, `{width}` px wide. Made from
 * the file as it is now; a hash of an older version still answers (an e-mail sent before a cover changed keeps a
 * picture), but is kept for a day only, while the current one is immutable.
 */
export const emailImageRoutes: FastifyPluginAsync = async (app) => {
  app.get<ImageRequest>(
    `${routePrefix}/:hash/:width/*`,
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            hash: { type: 'string', pattern: '^[A-Za-z0-9_-]{16}$' },
            width: { type: 'integer', minimum: narrowest, maximum: widest },
            '*': { type: 'string', pattern: '\\.png$', maxLength: 300 },
          },
          required: ['hash', 'width', '*'],
        },
        response: {
          200: { description: 'The PNG.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (request, reply) => {
      const { hash, '*': rest } = request.params;
      const width = Number(request.params.width);
      const path = `/${rest.replace(/\.png$/, '.svg')}`;
      const file = fileOf(path);
      const notFound = () =>
        reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `There is no image of the site at ${path} to show in an e-mail.`,
          details: [{ path: '/*', message: 'must name an SVG file of the site' }],
        });
      if (file === undefined) return notFound();
      let svg: Buffer;
      try {
        svg = await readFile(file);
      } catch {
        return notFound();
      }
      const current = hashOf(svg);
      let raster: Raster;
      try {
        raster = await rasterise(svg, keyOf(path, current, width), width);
      } catch {
        return reply.code(422).send({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: `The site's image ${path} could not be drawn as a PNG.`,
          details: [{ path: '/*', message: 'must be an SVG that renders' }],
        });
      }
      return reply
        .headers({
          'content-type': 'image/png',
          'cache-control': current === hash ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
        })
        .send(raster.png);
    },
  );
};
