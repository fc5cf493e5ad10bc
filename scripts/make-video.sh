#!/usr/bin/env bash
# Renders public/video/portfolio-reel.mp4: a 7 s, silent, seamlessly looping 1280x720 H.264 clip.
# Frames are the hand-written scripts/raster-sources/reel-poster.svg with its id'd elements
# re-positioned per frame (all motion has a period that divides the clip length, so the
# last frame flows into the first). Frames are rendered with sharp and piped raw into ffmpeg.
# Run by hand from anywhere:  bash scripts/make-video.sh
# Needs: node with the project's `sharp` installed, and ffmpeg (apt-get install -y --no-install-recommends ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=public/video/portfolio-reel.mp4
FPS=25
SECONDS_LONG=7
mkdir -p "$(dirname "$OUT")"
command -v ffmpeg >/dev/null || { echo "ffmpeg not found: apt-get install -y --no-install-recommends ffmpeg" >&2; exit 1; }

read -r -d '' FRAMES_JS <<'JS' || true
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(process.cwd() + '/package.json');
const sharp = require('sharp');
const FPS = Number(process.env.FPS), T = Number(process.env.SECONDS_LONG);
const N = FPS * T;
const src = readFileSync('scripts/raster-sources/reel-poster.svg', 'utf8');
const TAU = Math.PI * 2;
const f = (n) => n.toFixed(2);
// replace the opening tag attributes of the element with the given id
const setTag = (svg, id, tag, attrs) =>
  svg.replace(new RegExp(`<${tag} id="${id}"[^>]*?(/?)>`), (_, self) => `<${tag} id="${id}" ${attrs}${self}>`);
const bars = [...src.matchAll(/<rect id="(bar\d)" x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"([^>]*)\/>/g)]
  .map((m) => ({ id: m[1], x: m[2], w: m[3], h: Number(m[4]), rest: m[5] }));

function frame(i) {
  const p = i / N; // 0..1, one loop
  let s = src;
  bars.forEach((b, k) => {
    const wave = 0.5 - 0.5 * Math.cos(TAU * p - k * 0.7); // 0..1, travelling wave across the bars
    const h = b.h * (0.72 + 0.34 * wave);
    s = s.replace(new RegExp(`<rect id="${b.id}"[^>]*/>`),
      `<rect id="${b.id}" x="${b.x}" y="${f(600 - h)}" width="${b.w}" height="${f(h)}"${b.rest}/>`);
  });
  s = setTag(s, 'blob1', 'g', `transform="translate(${f(50 * Math.sin(TAU * p))} ${f(30 * Math.cos(TAU * p))})"`);
  s = setTag(s, 'blob2', 'g', `transform="translate(${f(-40 * Math.cos(TAU * p))} ${f(-25 * Math.sin(TAU * p))})"`);
  const sp = (p * 2) % 1; // the spark runs along the line twice per loop
  s = setTag(s, 'spark', 'path', `d="M150 520C260 500 330 470 420 420S560 300 640 250 720 170 760 150" pathLength="1000" fill="none" stroke="#fff" stroke-opacity="${f(0.9 * Math.sin(Math.PI * sp))}" stroke-width="8" stroke-linecap="round" stroke-dasharray="90 2000" stroke-dashoffset="${f(90 - sp * 1090)}"`);
  const pu = (p * 3) % 1; // three pulses per loop
  s = setTag(s, 'pulse', 'g', `transform="translate(760 150) scale(${f(0.6 + 1.4 * pu)})" opacity="${f(1 - pu)}"`);
  s = setTag(s, 'card1', 'g', `transform="translate(880 ${f(150 + 12 * Math.sin(TAU * p))})"`);
  s = setTag(s, 'card2', 'g', `transform="translate(900 ${f(360 - 12 * Math.sin(TAU * p))})"`);
  s = setTag(s, 'donut', 'g', `transform="rotate(${f(360 * p)} 120 100)"`);
  s = setTag(s, 'dot1', 'g', `transform="translate(${f(18 * Math.cos(TAU * 2 * p))} ${f(-30 * Math.sin(TAU * p))})"`);
  s = setTag(s, 'dot2', 'g', `transform="translate(${f(24 * Math.sin(TAU * p))} ${f(-40 * Math.sin(TAU * 2 * p))})"`);
  const tw = 0.75 + 0.35 * Math.sin(TAU * 2 * p);
  s = setTag(s, 'dot3', 'g', `transform="translate(110 140) scale(${f(tw)}) rotate(${f(90 * p)}) translate(-110 -140)"`);
  return s;
}

for (let i = 0; i < N; i++) {
  const buf = await sharp(Buffer.from(frame(i)), { density: 72 })
    .resize(1280, 720, { fit: 'fill' }).flatten({ background: '#0b1226' }).removeAlpha().raw().toBuffer();
  if (!process.stdout.write(buf)) await new Promise((r) => process.stdout.once('drain', r));
}
JS

FPS=$FPS SECONDS_LONG=$SECONDS_LONG node --input-type=module -e "$FRAMES_JS" \
| ffmpeg -hide_banner -loglevel error -y \
    -f rawvideo -pix_fmt rgb24 -s 1280x720 -r "$FPS" -i - \
    -an -c:v libx264 -preset veryslow -tune animation -crf 22 -g $((FPS * 3)) \
    -pix_fmt yuv420p -profile:v high -movflags +faststart \
    "$OUT"

ls -l "$OUT"
