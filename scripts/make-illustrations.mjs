// Draws the site's flat illustrations from a small kit of shapes, in the brand palette. Run by hand:
// `node scripts/make-illustrations.mjs` writes the files of public/images it draws that do not exist yet
// (`--force` redraws them all). The SVGs are committed; nothing runs at install or build time.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const c = {
  ink: '#0f172a',
  blue: '#2540d9',
  blue2: '#4a63f0',
  sky: '#dfe6ff',
  orange: '#ff6b35',
  peach: '#ffd9c9',
  mint: '#16b8a6',
  mint2: '#c9f2ec',
  surface: '#f5f7fb',
  line: '#d9e0ec',
  night: '#0b1226',
  white: '#ffffff',
};

const svg = (w, h, body, extra = 'aria-hidden="true"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ${extra}>${body}</svg>\n`;
const rect = (x, y, w, h, fill, r = 0, more = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${more}/>`;
const circle = (x, y, r, fill, more = '') => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${more}/>`;
const path = (d, fill = 'none', more = '') => `<path d="${d}" fill="${fill}"${more}/>`;
const stroke = (color, width = 4) =>
  ` stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const g = (transform, body) => `<g transform="${transform}">${body}</g>`;

/** A soft panel with two blurred blobs: the common ground of every illustration. */
function backdrop(w, h, tint = c.sky, accent = c.peach) {
  const radius = Math.round(Math.min(w, h) * 0.06);
  return (
    `<clipPath id="panel">${rect(0, 0, w, h, '#000', radius)}</clipPath>` +
    rect(0, 0, w, h, c.surface, radius) +
    `<g clip-path="url(#panel)">` +
    circle(w * 0.82, h * 0.22, Math.min(w, h) * 0.28, tint, ' opacity=".7"') +
    circle(w * 0.14, h * 0.86, Math.min(w, h) * 0.22, accent, ' opacity=".55"') +
    '</g>'
  );
}

const bars = (x, y, values, width, gap, max, colors) =>
  values
    .map((v, i) =>
      rect(x + i * (width + gap), y - (v / 100) * max, width, (v / 100) * max, colors[i % colors.length], 4),
    )
    .join('');
const line = (points, color, width = 4) =>
  path(`M${points.map((p) => p.join(' ')).join(' L')}`, 'none', stroke(color, width));
const dots = (points, color) => points.map(([x, y]) => circle(x, y, 6, c.white, stroke(color, 3))).join('');

function card(x, y, w, h, body = '', fill = c.white) {
  return rect(x + 4, y + 6, w, h, c.ink, 14, ' opacity=".06"') + rect(x, y, w, h, fill, 14) + body;
}
const textLines = (x, y, widths, color = c.line, gap = 14) =>
  widths.map((w, i) => rect(x, y + i * gap, w, 7, color, 3.5)).join('');

function person(x, y, shirt, skin = '#f2c4a6', hair = c.ink, scale = 1) {
  return g(
    `translate(${x} ${y}) scale(${scale})`,
    path('M-26 92 C-26 52 26 52 26 92 Z', shirt) +
      rect(-7, 28, 14, 14, skin, 4) +
      circle(0, 18, 16, skin) +
      path('M-16 16 C-16 -2 16 -2 16 16 C10 8 -8 6 -16 16 Z', hair),
  );
}

function browser(x, y, w, h, body) {
  return card(
    x,
    y,
    w,
    h,
    rect(x, y, w, 26, c.line, 14) +
      rect(x, y + 14, w, 12, c.line) +
      circle(x + 16, y + 13, 4, c.orange) +
      circle(x + 30, y + 13, 4, c.mint) +
      circle(x + 44, y + 13, 4, c.blue2) +
      rect(x + 62, y + 8, w * 0.5, 10, c.white, 5) +
      body,
  );
}

function phone(x, y, w, h, body) {
  return (
    rect(x, y, w, h, c.ink, 22) +
    rect(x + 7, y + 12, w - 14, h - 24, c.white, 14) +
    rect(x + w / 2 - 16, y + 5, 32, 4, '#334155', 2) +
    body
  );
}

const star = (x, y, r, fill) => {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    return `${(x + rr * Math.cos(a)).toFixed(1)} ${(y + rr * Math.sin(a)).toFixed(1)}`;
  });
  return path(`M${pts.join(' L')} Z`, fill);
};
const heart = (x, y, s, fill) =>
  path(
    `M${x} ${y + s * 0.9} C${x - s * 1.4} ${y} ${x - s * 0.7} ${y - s * 0.9} ${x} ${y - s * 0.2} C${x + s * 0.7} ${y - s * 0.9} ${x + s * 1.4} ${y} ${x} ${y + s * 0.9} Z`,
    fill,
  );
const bubble = (x, y, w, h, fill) =>
  rect(x, y, w, h, fill, h / 2) + path(`M${x + 18} ${y + h - 2} l-6 14 l18 -12 Z`, fill);
const pin = (x, y, fill, label = '') =>
  path(`M${x} ${y} c-14 -18 -20 -26 -20 -36 a20 20 0 1 1 40 0 c0 10 -6 18 -20 36 Z`, fill) +
  circle(x, y - 36, 8, c.white) +
  (label
    ? `<text x="${x}" y="${y - 31}" font-family="system-ui, sans-serif" font-size="13" font-weight="700" text-anchor="middle" fill="${fill}">${label}</text>`
    : '');

/** 480 x 320 cards of the services. */
const service = {
  'website-development': () =>
    browser(
      90,
      60,
      300,
      200,
      rect(110, 100, 120, 70, c.sky, 8) +
        textLines(250, 104, [110, 80, 96]) +
        rect(110, 186, 80, 56, c.peach, 8) +
        rect(200, 186, 80, 56, c.mint2, 8) +
        rect(290, 186, 80, 56, c.sky, 8),
    ) + path('M352 214 l0 40 l10 -10 l9 18 l8 -4 l-9 -18 l14 0 Z', c.ink),
  'app-development': () =>
    phone(
      180,
      40,
      120,
      240,
      rect(198, 70, 84, 40, c.blue, 8) +
        rect(198, 120, 38, 38, c.peach, 8) +
        rect(244, 120, 38, 38, c.mint2, 8) +
        textLines(198, 172, [84, 60, 72]) +
        rect(198, 222, 84, 24, c.orange, 12),
    ) +
    card(70, 110, 90, 70, rect(84, 124, 24, 24, c.mint, 6) + textLines(84, 158, [60, 44])) +
    card(320, 150, 96, 64, circle(344, 182, 14, c.blue2) + textLines(366, 174, [38, 28])),
  'software-development': () =>
    card(
      70,
      70,
      230,
      180,
      rect(70, 70, 230, 30, c.ink, 14) +
        rect(70, 86, 230, 14, c.ink) +
        circle(88, 85, 4, c.orange) +
        circle(102, 85, 4, c.mint) +
        textLines(92, 118, [90, 130, 70, 110, 150, 60], c.sky, 18) +
        rect(92, 118, 30, 7, c.blue, 3.5) +
        rect(110, 154, 40, 7, c.orange, 3.5),
    ) +
    g(
      'translate(320 80)',
      [0, 54, 108]
        .map(
          (dy) => rect(0, dy, 96, 44, c.blue, 10) + circle(18, dy + 22, 6, c.mint) + rect(34, dy + 19, 46, 6, c.sky, 3),
        )
        .join(''),
    ) +
    path('M118 262 l-22 -16 l22 -16 M178 230 l22 16 l-22 16', 'none', stroke(c.orange, 6)),
  branding: () =>
    card(
      70,
      70,
      150,
      180,
      circle(145, 140, 40, c.blue) +
        path('M145 110 l10 30 l-10 30 l-10 -30 Z', c.orange) +
        textLines(100, 200, [90, 60]),
    ) +
    [c.blue, c.orange, c.mint, c.ink].map((fill, i) => rect(250 + i * 44, 80, 36, 110, fill, 8)).join('') +
    card(
      250,
      210,
      168,
      44,
      `<text x="266" y="240" font-family="Georgia, serif" font-size="24" font-weight="700" fill="${c.ink}">Aa</text>` +
        textLines(310, 224, [90, 70]),
    ),
  'influencer-marketing': () =>
    circle(200, 150, 82, 'none', stroke(c.orange, 10)) +
    person(200, 118, c.blue, '#d9a07f', c.ink, 1.1) +
    phone(
      300,
      70,
      100,
      190,
      rect(316, 96, 68, 90, c.sky, 8) +
        path('M342 126 l20 14 l-20 14 Z', c.blue) +
        heart(336, 214, 10, c.orange) +
        textLines(352, 208, [28, 20]),
    ) +
    heart(110, 80, 14, c.orange) +
    heart(90, 240, 10, c.mint) +
    heart(290, 40, 9, c.orange),
  'video-shoots': () =>
    rect(110, 110, 190, 130, c.ink, 18) +
    circle(205, 175, 44, '#334155') +
    circle(205, 175, 28, c.blue2) +
    circle(196, 166, 8, c.sky) +
    path('M300 150 l70 -30 l0 110 l-70 -30 Z', c.ink) +
    rect(130, 92, 50, 20, c.ink, 6) +
    circle(280, 130, 6, c.orange) +
    g(
      'translate(330 210) rotate(-12)',
      rect(0, 0, 96, 60, c.ink, 6) +
        [0, 1, 2, 3].map((i) => path(`M${i * 24} 0 l16 0 l-10 16 l-16 0 Z`, c.white)).join('') +
        rect(0, 16, 96, 4, c.orange),
    ),
  'online-reputation': () =>
    card(70, 80, 220, 70, [0, 1, 2, 3, 4].map((i) => star(100 + i * 36, 115, 14, i < 4 ? c.orange : c.line)).join('')) +
    bubble(90, 180, 170, 50, c.sky) +
    textLines(110, 198, [120, 80], c.blue2) +
    bubble(200, 250, 130, 36, c.mint2) +
    path('M350 80 l50 18 l0 46 c0 40 -28 62 -50 74 c-22 -12 -50 -34 -50 -74 l0 -46 Z', c.blue) +
    path('M330 140 l14 14 l28 -30', 'none', stroke(c.white, 8)),
  'creative-personalization': () =>
    g(
      'translate(150 70) rotate(-10)',
      card(0, 0, 130, 170, rect(12, 12, 106, 80, c.peach, 8) + textLines(12, 104, [90, 60]), c.white),
    ) +
    g(
      'translate(220 60) rotate(6)',
      card(0, 0, 130, 170, rect(12, 12, 106, 80, c.mint2, 8) + textLines(12, 104, [80, 70]), c.white),
    ) +
    card(
      175,
      90,
      130,
      170,
      rect(187, 102, 106, 80, c.sky, 8) +
        circle(240, 142, 22, c.blue) +
        textLines(187, 196, [96, 64]) +
        rect(187, 228, 70, 18, c.orange, 9),
    ) +
    [
      [90, 110, c.orange],
      [86, 200, c.mint],
      [390, 150, c.blue2],
      [384, 240, c.orange],
    ]
      .map(
        ([x, y, f]) =>
          circle(x, y, 16, f) + circle(x, y - 4, 6, c.white) + path(`M${x - 9} ${y + 10} a9 7 0 0 1 18 0`, c.white),
      )
      .join(''),
  'n-tier-marketing': () => {
    const top = [[240, 70]];
    const mid = [
      [150, 150],
      [240, 150],
      [330, 150],
    ];
    const low = [
      [100, 235],
      [180, 235],
      [260, 235],
      [340, 235],
      [400, 235],
    ];
    const link = (a, b) => line([a, b], c.line, 3);
    return (
      mid.map((m) => link(top[0], m)).join('') +
      low.map((l, i) => link(mid[Math.min(2, Math.floor(i / 2))], l)).join('') +
      rect(214, 46, 52, 48, c.ink, 8) +
      path('M222 60 l10 -8 l10 8 l10 -8 l10 8', 'none', stroke(c.orange, 3)) +
      mid.map(([x, y]) => circle(x, y, 24, c.blue) + rect(x - 10, y - 8, 20, 16, c.white, 3)).join('') +
      low
        .map(
          ([x, y]) =>
            circle(x, y, 20, c.mint) +
            circle(x, y - 5, 6, c.white) +
            path(`M${x - 10} ${y + 11} a10 8 0 0 1 20 0`, c.white),
        )
        .join('')
    );
  },
  'impact-campaings': () =>
    path('M120 150 l120 -60 l0 150 l-120 -60 Z', c.blue) +
    rect(90, 130, 40, 40, c.ink, 8) +
    rect(104, 168, 18, 46, c.ink, 6) +
    path('M262 120 q26 40 0 80 M286 100 q40 60 0 120', 'none', stroke(c.orange, 7)) +
    circle(360, 110, 44, c.mint2) +
    path('M316 110 h88 M360 66 c-22 26 -22 62 0 88 c22 -26 22 -62 0 -88', 'none', stroke(c.mint, 3)) +
    circle(360, 110, 44, 'none', stroke(c.mint, 3)) +
    heart(350, 230, 26, c.orange),
};

/** Scenes for pages and posts. */
const scenes = {
  'home/vision.svg': [
    400,
    260,
    () =>
      rect(0, 0, 400, 260, c.surface, 18) +
      circle(300, 70, 34, c.peach) +
      path('M0 200 q100 -60 200 -20 t200 -10 V260 H0 Z', c.sky) +
      path('M0 230 q120 -40 240 -10 t160 0 V260 H0 Z', c.mint2) +
      g('translate(130 120) rotate(-28)', rect(0, 0, 110, 26, c.blue, 10) + rect(96, -6, 30, 38, c.ink, 8)) +
      path('M170 150 l-26 60 M176 150 l26 60', 'none', stroke(c.ink, 5)) +
      star(318, 56, 12, c.orange) +
      star(250, 40, 6, c.blue2) +
      star(360, 120, 5, c.blue2),
  ],
  'home/mission.svg': [
    400,
    260,
    () =>
      rect(0, 0, 400, 260, c.surface, 18) +
      path('M40 240 L170 70 L240 160 L290 110 L380 240 Z', c.sky) +
      path('M170 70 L200 110 L185 104 L170 118 L155 104 L140 110 Z', c.white) +
      rect(168, 24, 4, 50, c.ink) +
      path('M172 26 h44 l-10 12 l10 12 h-44 Z', c.orange) +
      circle(320, 190, 30, c.white, stroke(c.blue, 6)) +
      circle(320, 190, 16, c.white, stroke(c.orange, 6)) +
      circle(320, 190, 5, c.blue),
  ],
  'about/story.svg': [
    640,
    480,
    () =>
      backdrop(640, 480) +
      rect(70, 300, 150, 110, c.white, 8) +
      path('M60 300 l20 -40 h130 l20 40 Z', c.orange) +
      rect(100, 340, 40, 70, c.sky, 4) +
      rect(155, 330, 45, 35, c.sky, 4) +
      path(
        'M220 380 C320 380 300 250 400 250 S500 150 560 110',
        'none',
        stroke(c.blue, 8) + ' stroke-dasharray="2 18"',
      ) +
      star(560, 90, 30, c.orange) +
      star(600, 160, 10, c.blue2) +
      star(500, 60, 8, c.blue2),
  ],
  'about/team.svg': [
    640,
    480,
    () =>
      backdrop(640, 480) +
      card(380, 70, 200, 130, bars(405, 180, [40, 65, 55, 90], 28, 16, 80, [c.blue, c.orange])) +
      rect(110, 300, 420, 22, c.ink, 11) +
      rect(150, 322, 12, 100, c.ink) +
      rect(480, 322, 12, 100, c.ink) +
      person(170, 200, c.blue, '#f2c4a6') +
      person(260, 195, c.orange, '#c98b62', '#3b2a20') +
      person(380, 205, c.mint, '#e8b48f', '#5b3a1e') +
      person(470, 200, c.ink, '#a8704f') +
      rect(200, 270, 70, 34, '#334155', 4) +
      rect(350, 270, 70, 34, '#334155', 4),
  ],
  'contact/office.svg': [
    640,
    480,
    () =>
      backdrop(640, 480) +
      rect(80, 120, 300, 290, c.white, 10) +
      rect(80, 120, 300, 30, c.blue, 10) +
      rect(80, 140, 300, 10, c.blue) +
      [0, 1, 2]
        .map((row) => [0, 1, 2, 3].map((col) => rect(104 + col * 68, 172 + row * 62, 50, 42, c.sky, 4)).join(''))
        .join('') +
      rect(200, 356, 60, 54, c.ink, 4) +
      rect(420, 250, 160, 160, c.white, 10, stroke(c.line, 3)) +
      rect(440, 330, 120, 14, c.orange, 7) +
      path('M470 344 v60 M530 344 v60', 'none', stroke(c.ink, 6)) +
      path('M560 250 v-40', 'none', stroke(c.mint, 6)) +
      circle(560, 200, 22, c.mint2) +
      pin(500, 200, c.orange),
  ],
  'careers/team.svg': [
    640,
    480,
    () =>
      backdrop(640, 480, c.mint2, c.sky) +
      path('M420 180 L520 90 M520 90 h-40 M520 90 v40', 'none', stroke(c.orange, 10)) +
      rect(90, 320, 460, 18, c.ink, 9) +
      rect(130, 338, 10, 90, c.ink) +
      rect(500, 338, 10, 90, c.ink) +
      person(190, 220, c.orange, '#d9a07f') +
      person(320, 215, c.blue, '#f2c4a6', '#6b3e26') +
      person(450, 225, c.mint, '#b07a55') +
      rect(160, 290, 80, 32, '#334155', 4) +
      rect(290, 290, 80, 32, '#334155', 4) +
      rect(420, 290, 80, 32, '#334155', 4) +
      rect(80, 250, 36, 70, c.blue, 8) +
      path('M98 250 c-20 -40 -10 -60 0 -70 c10 10 20 30 0 70', c.mint),
  ],
  'journey-map.svg': [
    720,
    480,
    () =>
      rect(0, 0, 720, 480, c.surface, 24) +
      path('M0 120 q180 -60 360 0 t360 0 V0 H0 Z', c.sky, ' opacity=".6"') +
      path('M0 400 q200 -40 380 10 t340 -20 V480 H0 Z', c.mint2, ' opacity=".7"') +
      path(
        'M90 380 C200 380 180 260 300 260 S420 360 500 300 S560 160 630 120',
        'none',
        stroke(c.blue, 5) + ' stroke-dasharray="3 14"',
      ) +
      [
        [90, 380],
        [230, 290],
        [380, 300],
        [520, 270],
        [600, 150],
      ]
        .map(([x, y], i) => pin(x, y, i % 2 ? c.orange : c.blue, String(i + 1)))
        .join('') +
      rect(628, 50, 4, 74, c.ink) +
      path('M632 52 h52 l-12 14 l12 14 h-52 Z', c.orange),
  ],
};

const articles = {
  'articles/seo-for-bussiness.svg': () =>
    browser(
      160,
      120,
      520,
      390,
      rect(190, 170, 300, 26, c.white, 13, stroke(c.line, 2)) +
        circle(470, 183, 8, 'none', stroke(c.blue, 3)) +
        [0, 1, 2].map((i) => textLines(190, 220 + i * 70, [260, 360, 200])).join('') +
        rect(180, 210, 6, 50, c.orange, 3),
    ) +
    card(
      740,
      150,
      320,
      260,
      bars(780, 370, [30, 45, 55, 72, 90], 36, 18, 180, [c.blue, c.blue2, c.blue, c.blue2, c.orange]),
    ) +
    line(
      [
        [760, 330],
        [830, 300],
        [900, 260],
        [960, 210],
        [1030, 170],
      ],
      c.mint,
      5,
    ) +
    circle(640, 470, 60, 'none', stroke(c.ink, 14)) +
    path('M684 512 l50 50', 'none', stroke(c.ink, 18)),
  'articles/negative-marketing-demands.svg': () =>
    card(
      170,
      110,
      860,
      410,
      path('M230 460 H980 M230 160 V460', 'none', stroke(c.line, 3)) +
        path('M240 190 C400 230 480 420 600 430 C720 440 800 300 960 190', 'none', stroke(c.blue, 8)) +
        dots(
          [
            [240, 190],
            [600, 430],
            [960, 190],
          ],
          c.orange,
        ) +
        path('M600 400 q0 -60 60 -90', 'none', stroke(c.orange, 6)) +
        path('M650 300 l18 8 l-8 18', 'none', stroke(c.orange, 6)) +
        rect(560, 450, 80, 10, c.peach, 5),
    ),
  'articles/first-thing-to-develop.svg': () =>
    [0, 1, 2, 3, 4]
      .map((i) => rect(300 + i * 120, 470 - i * 70, 120, 70 + i * 70, i % 2 ? c.sky : c.mint2, 6))
      .join('') +
    person(720, 260, c.orange, '#d9a07f', c.ink, 1.5) +
    circle(900, 150, 60, c.peach) +
    path('M880 180 h40 M884 196 h32', 'none', stroke(c.ink, 6)) +
    path('M900 110 v-30 M950 130 l20 -20 M850 130 l-20 -20', 'none', stroke(c.orange, 6)) +
    path('M880 150 q20 -40 40 0 q-20 20 -20 30 q0 -10 -20 -30', c.orange),
  'articles/automation-to-ai.svg': () => {
    const gear = (x, y, r, fill) =>
      circle(x, y, r, fill) +
      Array.from({ length: 8 }, (_, i) =>
        g(`translate(${x} ${y}) rotate(${i * 45})`, rect(-r * 0.18, -r * 1.25, r * 0.36, r * 0.4, fill, 3)),
      ).join('') +
      circle(x, y, r * 0.4, c.surface);
    const nodes = [
      [760, 180],
      [760, 300],
      [760, 420],
      [900, 240],
      [900, 360],
      [1030, 300],
    ];
    const edges = [
      [0, 3],
      [0, 4],
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
      [3, 5],
      [4, 5],
    ];
    return (
      gear(330, 260, 90, c.blue) +
      gear(470, 400, 60, c.ink) +
      path('M560 315 h120', 'none', stroke(c.orange, 10)) +
      path('M660 290 l30 25 l-30 25', 'none', stroke(c.orange, 10)) +
      edges.map(([a, b]) => line([nodes[a], nodes[b]], c.blue2, 4)).join('') +
      nodes.map(([x, y], i) => circle(x, y, 26, i === 5 ? c.orange : c.mint)).join('')
    );
  },
};

const covers = [
  () =>
    card(
      240,
      130,
      720,
      380,
      bars(300, 450, [35, 55, 48, 70, 62, 88], 60, 40, 250, [c.blue, c.blue2]) +
        line(
          [
            [290, 330],
            [420, 290],
            [560, 300],
            [700, 220],
            [860, 170],
          ],
          c.orange,
          6,
        ),
    ),
  () =>
    card(
      300,
      110,
      600,
      420,
      rect(300, 110, 600, 70, c.blue, 14) +
        rect(300, 160, 600, 20, c.blue) +
        [0, 1, 2, 3]
          .map((r) =>
            [0, 1, 2, 3, 4, 5]
              .map((col) =>
                rect(
                  330 + col * 92,
                  205 + r * 76,
                  76,
                  60,
                  (r + col) % 4 === 1 ? c.peach : (r + col) % 5 === 2 ? c.mint2 : c.surface,
                  8,
                ),
              )
              .join(''),
          )
          .join(''),
    ),
  () =>
    [0, 1, 2]
      .map((i) =>
        phone(
          300 + i * 220,
          120 + (i % 2) * 40,
          180,
          360,
          rect(320 + i * 220, 160 + (i % 2) * 40, 140, 150, [c.sky, c.peach, c.mint2][i], 10) +
            heart(350 + i * 220, 350 + (i % 2) * 40, 14, c.orange) +
            textLines(380 + i * 220, 340 + (i % 2) * 40, [70, 50]),
        ),
      )
      .join(''),
  () =>
    rect(220, 110, 760, 410, c.mint2, 24) +
    path('M220 300 q200 -80 380 0 t380 -20', 'none', stroke(c.white, 18)) +
    path('M520 110 v410', 'none', stroke(c.white, 14)) +
    pin(420, 270, c.orange) +
    pin(640, 380, c.blue) +
    pin(820, 240, c.blue) +
    star(640, 200, 24, c.orange),
  () =>
    card(
      340,
      170,
      520,
      320,
      path('M340 190 L600 360 L860 190', 'none', stroke(c.blue, 10)) + rect(380, 400, 160, 60, c.sky, 10),
    ) +
    circle(860, 170, 46, c.orange) +
    `<text x="860" y="186" font-family="system-ui, sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">3</text>` +
    card(880, 300, 200, 160, bars(910, 440, [40, 70, 95], 40, 16, 110, [c.mint, c.blue2, c.orange])),
];

const logo = (title, mark, text, fill = c.ink) =>
  svg(
    160,
    48,
    `<title>${title}</title>${mark}<text x="48" y="30" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="13" font-weight="700" fill="${fill}" textLength="106" lengthAdjust="spacingAndGlyphs">${text}</text>`,
    'role="img"',
  );

const files = {
  ...Object.fromEntries(
    Object.entries(service).map(([name, draw]) => [
      `services/${name}.svg`,
      () => svg(480, 320, backdrop(480, 320) + draw()),
    ]),
  ),
  ...Object.fromEntries(Object.entries(scenes).map(([name, [w, h, draw]]) => [name, () => svg(w, h, draw())])),
  ...Object.fromEntries(
    Object.entries(articles).map(([name, draw]) => [name, () => svg(1200, 630, backdrop(1200, 630) + draw())]),
  ),
  ...Object.fromEntries(
    covers.map((draw, i) => [
      `blog/cover-${i + 1}.svg`,
      () => svg(1200, 630, backdrop(1200, 630, [c.sky, c.peach, c.mint2, c.sky, c.peach][i], c.sky) + draw()),
    ]),
  ),
  'testimonials/smilecraft-dental.svg': () =>
    logo(
      'SmileCraft Dental',
      path(
        'M10 12 c6 -6 12 -2 14 0 c2 -2 8 -6 14 0 c6 8 0 16 -2 26 c-1 6 -6 6 -7 0 l-2 -8 c-1 -3 -5 -3 -6 0 l-2 8 c-1 6 -6 6 -7 0 c-2 -10 -8 -18 -2 -26 Z',
        c.mint,
      ),
      'SmileCraft Dental',
    ),
  'testimonials/tradewise-academy.svg': () =>
    logo(
      'TradeWise Academy',
      rect(8, 22, 6, 16, c.orange, 2) +
        rect(18, 14, 6, 20, c.blue, 2) +
        rect(28, 8, 6, 22, c.orange, 2) +
        path('M6 10 l15 -6 l15 6 l-15 6 Z', c.ink),
      'TradeWise Academy',
    ),
  'testimonials/greenfield-school.svg': () =>
    logo(
      'Greenfield School',
      circle(22, 18, 13, c.mint) +
        rect(20, 24, 4, 14, '#6b3e26') +
        path('M6 40 q8 -6 16 0 q8 -6 16 0', 'none', stroke(c.blue, 3)),
      'Greenfield School',
    ),
};

const root = join(import.meta.dirname, '..', 'public', 'images');
const force = process.argv.includes('--force');
for (const [name, draw] of Object.entries(files)) {
  const target = join(root, name);
  if (existsSync(target) && !force) continue;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, draw());
  console.log(`wrote public/images/${name}`);
}
