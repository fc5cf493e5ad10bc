// Renders the site's raster images from the hand-written SVG sources in scripts/raster-sources/.
// Run by hand: `node scripts/make-rasters.mjs` (needs the `sharp` package).
//   scripts/raster-sources/share.svg       -> public/images/share.png (1200x630, palette PNG)
//   scripts/raster-sources/reel-poster.svg -> public/images/portfolio/reel-poster.webp (1280x720, WebP q70)
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const src = (name) => join(here, 'raster-sources', name);
const out = (...p) => join(root, 'public', ...p);

const jobs = [
  {
    from: src('share.svg'),
    to: out('images', 'share.png'),
    size: [1200, 630],
    encode: (img) =>
      img.png({ palette: true, colours: 256, quality: 100, dither: 1.0, compressionLevel: 9, effort: 10 }),
  },
  {
    from: src('reel-poster.svg'),
    to: out('images', 'portfolio', 'reel-poster.webp'),
    size: [1280, 720],
    encode: (img) => img.webp({ quality: 70, effort: 6 }),
  },
];

for (const job of jobs) {
  const svg = await readFile(job.from);
  const [width, height] = job.size;
  // density 72 renders the SVG at its own width/height; resize guards against drift.
  const img = sharp(svg, { density: 72 }).resize(width, height, { fit: 'fill' }).flatten({ background: '#0b1226' });
  const info = await job.encode(img).toFile(job.to);
  const { size } = await stat(job.to);
  console.log(`${job.to.slice(root.length + 1)}  ${info.width}x${info.height}  ${size} bytes`);
}
