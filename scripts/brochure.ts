/**
 * The brochure PDF, made from the content (site.json's brand, services and contact, each service page's offerings,
 * the portfolio's results) so it never goes stale. Served in development and emitted into the build by the Vite
 * plugin below.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Plugin } from 'vite';
import { brochureContent, type BrochureContent } from './lib/brochure-content.ts';
import { jpegOf, pngOf } from './lib/brochure-images.ts';
import { brochureKey, brochureKeyFile, previousBrochure } from './lib/brochure-key.ts';
import { loadContent } from './lib/content.ts';

// The site's colours (src/styles/tokens.css).
const ink = rgb(0.059, 0.09, 0.165);
const muted = rgb(0.357, 0.396, 0.471);
const primary = rgb(0.145, 0.251, 0.851);
const accent = rgb(1, 0.42, 0.208);
const mint = rgb(0.086, 0.722, 0.651);
const night = rgb(0.043, 0.071, 0.149);
const onNight = rgb(0.886, 0.91, 0.941);
const onNightMuted = rgb(0.663, 0.706, 0.784);
const surface = rgb(0.961, 0.969, 0.984);
const line = rgb(0.851, 0.878, 0.925);
const white = rgb(1, 1, 1);

const pageSize: [number, number] = [595.28, 841.89]; // A4 in points
const [pageWidth, pageHeight] = pageSize;
const margin = 48;
const footerHeight = 52;
const servicesPerPage = 5;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * DejaVu Sans, embedded as a subset of the glyphs used: unlike the PDF's standard fonts (Windows-1252 only) it has the
 * rupee sign and the minus the site's copy uses. A character it lacks is dropped rather than breaking the build.
 */
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));

function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text].filter((char) => known.has(char.codePointAt(0)!)).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(text, font).split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** Draws wrapped text from `y` down; answers the y under its last line. */
function paragraph(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; width: number; size: number; font: PDFFont; color: ReturnType<typeof rgb> },
  leading = at.size * 1.4,
): number {
  let y = at.y;
  for (const row of wrap(text, at.font, at.size, at.width)) {
    page.drawText(row, { x: at.x, y, size: at.size, font: at.font, color: at.color });
    y -= leading;
  }
  return y;
}

/** Fits an image into a box, keeping its proportions, centred. */
function drawFitted(page: PDFPage, image: PDFImage, box: { x: number; y: number; width: number; height: number }) {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
}

/** Every page ends with the ways to reach us, so a single printed page still leads back to the agency. */
function contactFooter(page: PDFPage, content: BrochureContent, fonts: Fonts, number: number, dark = false) {
  const { contact, brand } = content.site;
  page.drawRectangle({ x: -1, y: -1, width: pageWidth + 2, height: footerHeight + 1, color: dark ? night : surface });
  page.drawRectangle({ x: -1, y: footerHeight, width: pageWidth + 2, height: 2, color: accent });
  const details = [contact.phone.display, contact.email, `${contact.address.locality}, ${contact.address.region}`];
  page.drawText(printable(brand.legalName, fonts.bold), {
    x: margin,
    y: 30,
    size: 8.5,
    font: fonts.bold,
    color: dark ? onNight : ink,
  });
  page.drawText(printable(details.join('   |   '), fonts.regular), {
    x: margin,
    y: 16,
    size: 8.5,
    font: fonts.regular,
    color: dark ? onNightMuted : muted,
  });
  const label = String(number);
  page.drawText(label, {
    x: pageWidth - margin - fonts.bold.widthOfTextAtSize(label, 9),
    y: 22,
    size: 9,
    font: fonts.bold,
    color: dark ? onNight : primary,
  });
}

/** The top of an inner page: the logo and the page's title. Answers where the page's content starts. */
function innerHeader(page: PDFPage, logo: PDFImage, title: string, intro: string, fonts: Fonts): number {
  const logoHeight = 26;
  page.drawImage(logo, {
    x: margin,
    y: pageHeight - margin - logoHeight,
    width: (logo.width / logo.height) * logoHeight,
    height: logoHeight,
  });
  page.drawRectangle({ x: margin, y: pageHeight - margin - 52, width: 40, height: 4, color: accent });
  page.drawText(printable(title, fonts.bold), {
    x: margin,
    y: pageHeight - margin - 86,
    size: 26,
    font: fonts.bold,
    color: ink,
  });
  return paragraph(page, intro, {
    x: margin,
    y: pageHeight - margin - 108,
    width: pageWidth - 2 * margin,
    size: 10.5,
    font: fonts.regular,
    color: muted,
  });
}

async function drawCover(pdf: PDFDocument, content: BrochureContent, fonts: Fonts, logo: PDFImage) {
  const { site } = content;
  const page = pdf.addPage(pageSize);
  // Backgrounds reach a point past the page's edges: drawn flush, an edge's anti-aliasing showed a thin line.
  page.drawRectangle({ x: -1, y: -1, width: pageWidth + 2, height: pageHeight + 2, color: night });
  page.drawCircle({ x: pageWidth - 40, y: pageHeight - 250, size: 170, color: primary, opacity: 0.35 });
  page.drawCircle({ x: pageWidth - 10, y: 300, size: 110, color: mint, opacity: 0.15 });
  page.drawRectangle({ x: -1, y: pageHeight - 110, width: pageWidth + 2, height: 111, color: white });
  page.drawImage(logo, { x: margin, y: pageHeight - 80, width: 210, height: 50 });

  page.drawRectangle({ x: margin, y: pageHeight - 170, width: 64, height: 6, color: accent });
  let y = pageHeight - 215;
  for (const row of wrap(site.brochure.title, fonts.bold, 34, pageWidth - 2 * margin)) {
    page.drawText(row, { x: margin, y, size: 34, font: fonts.bold, color: white });
    y -= 40;
  }
  y = paragraph(page, site.brand.tagline, {
    x: margin,
    y: y - 6,
    width: 380,
    size: 14,
    font: fonts.regular,
    color: onNight,
  });

  const poster = await pdf.embedJpg(await jpegOf('/images/portfolio/reel-poster.webp'));
  const posterWidth = pageWidth - 2 * margin;
  const posterHeight = (poster.height / poster.width) * posterWidth;
  const posterTop = y - 20;
  page.drawImage(poster, { x: margin, y: posterTop - posterHeight, width: posterWidth, height: posterHeight });

  y = posterTop - posterHeight - 36;
  page.drawText(printable(`${site.services.length} services, one team`, fonts.bold), {
    x: margin,
    y,
    size: 14,
    font: fonts.bold,
    color: accent,
  });
  paragraph(page, site.services.map((service) => service.title).join('  ·  '), {
    x: margin,
    y: y - 22,
    width: pageWidth - 2 * margin,
    size: 9.5,
    font: fonts.regular,
    color: onNightMuted,
  });
  contactFooter(page, content, fonts, 1, true);
}

/** The rows of the services pages, split evenly, so that no page is left nearly blank. */
function evenPages<T>(items: readonly T[], most: number): T[][] {
  const pages = Math.ceil(items.length / most);
  const base = Math.floor(items.length / pages);
  const extra = items.length % pages;
  const result: T[][] = [];
  let start = 0;
  for (let index = 0; index < pages; index += 1) {
    const size = base + (index < extra ? 1 : 0);
    result.push(items.slice(start, start + size));
    start += size;
  }
  return result;
}

async function drawServices(pdf: PDFDocument, content: BrochureContent, fonts: Fonts, logo: PDFImage) {
  const imageBox = { width: 150, height: 100 };
  const textX = margin + imageBox.width + 20;
  const textWidth = pageWidth - margin - textX;
  const groups = evenPages(content.services, servicesPerPage);
  for (const [groupIndex, group] of groups.entries()) {
    const page = pdf.addPage(pageSize);
    const intro =
      groupIndex === 0
        ? 'Strategy, creative and technology under one roof, each run by specialists who report on results you can check.'
        : `Our services, continued (${groupIndex + 1} of ${groups.length}).`;
    let y = innerHeader(page, logo, 'Our services', intro, fonts) - 14;
    const rowHeight = (y - footerHeight - 20) / servicesPerPage;
    for (const service of group) {
      const top = y;
      page.drawRectangle({
        x: margin,
        y: top - imageBox.height,
        width: imageBox.width,
        height: imageBox.height,
        color: surface,
      });
      drawFitted(page, await pdf.embedPng(await pngOf(service.image, 1)), {
        x: margin,
        y: top - imageBox.height,
        ...imageBox,
      });
      page.drawText(printable(service.title, fonts.bold), {
        x: textX,
        y: top - 12,
        size: 13,
        font: fonts.bold,
        color: ink,
      });
      let textY = paragraph(page, service.summary, {
        x: textX,
        y: top - 28,
        width: textWidth,
        size: 9.5,
        font: fonts.regular,
        color: muted,
      });
      for (const offering of service.offerings) {
        page.drawCircle({ x: textX + 2.5, y: textY - 2 + 4, size: 2.2, color: accent });
        textY = paragraph(
          page,
          offering,
          { x: textX + 10, y: textY - 2, width: textWidth - 10, size: 9, font: fonts.regular, color: ink },
          12,
        );
      }
      y = top - rowHeight;
      page.drawLine({
        start: { x: margin, y: y + 10 },
        end: { x: pageWidth - margin, y: y + 10 },
        thickness: 0.6,
        color: line,
      });
    }
    contactFooter(page, content, fonts, pdf.getPageCount());
  }
}

async function drawResultsAndContact(pdf: PDFDocument, content: BrochureContent, fonts: Fonts, logo: PDFImage) {
  const page = pdf.addPage(pageSize);
  let y =
    innerHeader(
      page,
      logo,
      'Results for our clients',
      'A few figures from recent work, as our portfolio shows them.',
      fonts,
    ) - 12;
  const imageWidth = 200;
  for (const result of content.cases) {
    const image = await pdf.embedPng(await pngOf(result.image, 1));
    const height = (image.height / image.width) * imageWidth;
    page.drawImage(image, { x: margin, y: y - height, width: imageWidth, height });
    const [client, ...rest] = result.caption.split(': ');
    const textX = margin + imageWidth + 18;
    page.drawText(printable(client!, fonts.bold), { x: textX, y: y - 14, size: 12, font: fonts.bold, color: primary });
    const story = rest.join(': ');
    paragraph(page, story.charAt(0).toUpperCase() + story.slice(1), {
      x: textX,
      y: y - 32,
      width: pageWidth - margin - textX,
      size: 9.5,
      font: fonts.regular,
      color: ink,
    });
    y -= height + 16;
  }

  const { contact } = content.site;
  const panelHeight = y - footerHeight - 24;
  page.drawRectangle({
    x: margin,
    y: footerHeight + 24,
    width: pageWidth - 2 * margin,
    height: panelHeight,
    color: night,
  });
  let panelY = y - 34;
  page.drawText("Let's talk", { x: margin + 24, y: panelY, size: 22, font: fonts.bold, color: white });
  panelY -= 28;
  const address = [
    ...contact.address.lines,
    `${contact.address.locality}, ${contact.address.region} ${contact.address.postalCode}`,
    contact.address.country,
  ].join(', ');
  const rows: [string, string][] = [
    ['Phone', contact.phone.display],
    ['E-mail', contact.email],
    ['Jobs', contact.hrEmail],
    ['Office', address],
  ];
  for (const [label, value] of rows) {
    page.drawText(label.toUpperCase(), { x: margin + 24, y: panelY, size: 8.5, font: fonts.bold, color: accent });
    panelY = paragraph(page, value, {
      x: margin + 90,
      y: panelY,
      width: pageWidth - 2 * margin - 114,
      size: 11,
      font: fonts.regular,
      color: onNight,
    });
    panelY -= 6;
  }
  contactFooter(page, content, fonts, pdf.getPageCount());
}

export async function buildBrochure(content: BrochureContent): Promise<Uint8Array> {
  const { site } = content;
  const pdf = await PDFDocument.create();
  pdf.setTitle(site.brochure.title);
  pdf.setAuthor(site.brand.legalName);
  pdf.setSubject(site.brand.tagline);
  pdf.setKeywords(site.services.map((service) => service.title));
  pdf.setCreationDate(new Date(Date.UTC(site.footer.copyrightYear, 0, 1)));
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(fontFile('DejaVuSans.ttf'), { subset: true }),
    bold: await pdf.embedFont(fontFile('DejaVuSans-Bold.ttf'), { subset: true }),
  };
  const logo = await pdf.embedPng(await pngOf(site.brand.logo.src, 4));
  await drawCover(pdf, content, fonts, logo);
  await drawServices(pdf, content, fonts, logo);
  await drawResultsAndContact(pdf, content, fonts, logo);
  return pdf.save();
}

function brochureFromContent(): Promise<Uint8Array> {
  const { site, pages } = loadContent();
  return buildBrochure(
    brochureContent(
      site.data,
      pages.map((page) => page.data),
    ),
  );
}

export { brochureKey, previousBrochure };

/** Serves the brochure in development and writes it into the build. */
export function brochurePlugin(): Plugin {
  return {
    name: 'brochure',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const { href } = loadContent().site.data.brochure;
        if (request.url !== href) return next();
        brochureFromContent().then((bytes) => {
          response.setHeader('Content-Type', 'application/pdf');
          response.end(Buffer.from(bytes));
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment?.name === 'ssr') return;
      const content = loadContent();
      const { href } = content.site.data.brochure;
      const key = await brochureKey(content);
      // SITE_PREVIOUS_BUILD: the client folder served now, which the content studio's publisher builds after.
      const previous = process.env.SITE_PREVIOUS_BUILD;
      const source = (previous && previousBrochure(previous, href, key)) || (await brochureFromContent());
      this.emitFile({ type: 'asset', fileName: href.slice(1), source });
      this.emitFile({ type: 'asset', fileName: brochureKeyFile, source: JSON.stringify({ href, key }) });
    },
  };
}
