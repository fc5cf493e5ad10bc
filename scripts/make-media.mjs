// Makes the raster media of the site from SVG drawn here: the link-preview image (public/images/share.png),
// the portfolio reel (public/media/portfolio-reel.mp4, a 6 s seamless loop) and its poster (the reel's first
// frame, public/images/portfolio/reel-poster.webp). Run by hand: `node scripts/make-media.mjs`; it needs the
// `sharp` package and Debian's ffmpeg (`apt-get install -y --no-install-recommends ffmpeg`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..', 'public');
const font = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';
const mark = (x, y, s) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path fill="#2540d9" d="M20 2l4.6 15.4L37 21l-12.4 3.6L20 38l-4.6-13.4L3 21l12.4-3.6z"/><path fill="#ff6b35" d="M20 2l4.6 15.4L20 21l-4.6-3.6z"/><circle cx="31.5" cy="8.5" r="2" fill="#ff6b35"/></g>`;

const shareSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1226"/><stop offset="1" stop-color="#1a2a6b"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/><circle cx="1040" cy="120" r="220" fill="#2540d9" opacity=".25"/><circle cx="140" cy="560" r="180" fill="#ff6b35" opacity=".18"/>
${mark(96, 150, 3.2)}
<text x="96" y="360" ${font} font-size="96" font-weight="800" fill="#ffffff">Northbeam</text>
<text x="96" y="430" ${font} font-size="40" fill="#cbd5e1">Digital marketing that fuels growth</text>
<rect x="96" y="480" width="120" height="8" rx="4" fill="#ff6b35"/></svg>`;

const width = 1280;
const height = 720;
const fps = 25;
const seconds = 6;

/** One frame of the reel at phase t in [0, 1): every motion is periodic, so the clip loops seamlessly. */
function reelFrame(t) {
  const wave = (offset, amplitude) => Math.sin(2 * Math.PI * (t + offset)) * amplitude;
  const bars = [0.35, 0.5, 0.42, 0.66, 0.58, 0.82]
    .map((base, i) => {
      const h = (base + wave(i / 6, 0.08)) * 300;
      return `<rect x="${720 + i * 78}" y="${600 - h}" width="52" height="${h}" rx="10" fill="${i % 2 ? '#4a63f0' : '#2540d9'}"/>`;
    })
    .join('');
  const points = Array.from({ length: 9 }, (_, i) => {
    const x = 120 + i * 62;
    const y = 520 - i * 36 + wave(i / 9, 22);
    return `${x.toFixed(1)} ${y.toFixed(1)}`;
  });
  const orbit = (r, speed, phase, size, fill) => {
    const a = 2 * Math.PI * (t * speed + phase);
    return `<circle cx="${(640 + Math.cos(a) * r).toFixed(1)}" cy="${(360 + Math.sin(a) * r * 0.5).toFixed(1)}" r="${size}" fill="${fill}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1226"/><stop offset="1" stop-color="#141d38"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${1050 + wave(0, 40)}" cy="${160 + wave(0.25, 30)}" r="200" fill="#2540d9" opacity=".22"/>
<circle cx="${200 + wave(0.5, 40)}" cy="${600 + wave(0.75, 20)}" r="170" fill="#ff6b35" opacity=".16"/>
<rect x="80" y="120" width="560" height="480" rx="28" fill="#ffffff" opacity=".06"/>
<path d="M${points.join(' L')}" fill="none" stroke="#ff6b35" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
${points.map((p) => `<circle cx="${p.split(' ')[0]}" cy="${p.split(' ')[1]}" r="9" fill="#0b1226" stroke="#ff6b35" stroke-width="5"/>`).join('')}
<rect x="690" y="120" width="510" height="480" rx="28" fill="#ffffff" opacity=".06"/>${bars}
${orbit(420, 1, 0, 10, '#16b8a6')}${orbit(460, -1, 0.3, 7, '#4a63f0')}${orbit(380, 2, 0.6, 6, '#ff6b35')}
</svg>`;
}

mkdirSync(join(root, 'media'), { recursive: true });
mkdirSync(join(root, 'images', 'portfolio'), { recursive: true });
await sharp(Buffer.from(shareSvg))
  .png({ palette: true, quality: 90, compressionLevel: 9 })
  .toFile(join(root, 'images', 'share.png'));
await sharp(Buffer.from(reelFrame(0)))
  .webp({ quality: 70 })
  .toFile(join(root, 'images', 'portfolio', 'reel-poster.webp'));

const frames = mkdtempSync(join(tmpdir(), 'northbeam-reel-'));
try {
  const count = fps * seconds;
  for (let i = 0; i < count; i += 1) {
    await sharp(Buffer.from(reelFrame(i / count)))
      .png()
      .toFile(join(frames, `${String(i).padStart(4, '0')}.png`));
  }
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(fps),
    '-i',
    join(frames, '%04d.png'),
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    join(root, 'media', 'portfolio-reel.mp4'),
  ]);
} finally {
  rmSync(frames, { recursive: true, force: true });
}
console.log('wrote public/images/share.png, public/images/portfolio/reel-poster.webp, public/media/portfolio-reel.mp4');
