/**
 * The brochure PDF, made from content/site.json (brand, services, contact) so it never goes stale.
 * Served in development and emitted into the build by the Vite plugin below.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Plugin } from 'vite';
import { loadContent } from './lib/content.ts';
import type { SiteDocument } from '../src/content/types.gen.ts';

const ink = rgb(0.06, 0.09, 0.17);
const muted = rgb(0.36, 0.4, 0.47);
const primary = rgb(0.145, 0.251, 0.851);
const accent = rgb(1, 0.42, 0.21);
const pageSize: [number, number] = [595.28, 841.89]; // A4 in points
const margin = 56;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function footer(page: PDFPage, font: PDFFont, site: SiteDocument, number: number) {
  const text = `${site.brand.legalName} · ${site.contact.email} · ${site.contact.phone.display}`;
  page.drawText(text, { x: margin, y: 32, size: 8, font, color: muted });
  page.drawText(String(number), { x: pageSize[0] - margin - 8, y: 32, size: 8, font, color: muted });
}

export async function buildBrochure(site: SiteDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(site.brochure.title);
  pdf.setAuthor(site.brand.legalName);
  pdf.setSubject(site.brand.tagline);
  pdf.setCreationDate(new Date(Date.UTC(site.footer.copyrightYear, 0, 1)));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = pageSize;
  const textWidth = width - 2 * margin;

  const cover = pdf.addPage(pageSize);
  cover.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0.043, 0.071, 0.149) });
  cover.drawRectangle({ x: margin, y: height - 170, width: 64, height: 6, color: accent });
  cover.drawText(site.brand.name, { x: margin, y: height - 230, size: 48, font: bold, color: rgb(1, 1, 1) });
  let y = height - 280;
  for (const line of wrap(site.brochure.title, regular, 20, textWidth)) {
    cover.drawText(line, { x: margin, y, size: 20, font: regular, color: rgb(0.89, 0.91, 0.94) });
    y -= 28;
  }
  y -= 12;
  for (const line of wrap(site.brand.tagline, regular, 13, textWidth)) {
    cover.drawText(line, { x: margin, y, size: 13, font: regular, color: rgb(0.66, 0.71, 0.78) });
    y -= 19;
  }
  cover.drawText(`${site.services.length} services, one team`, {
    x: margin,
    y: 120,
    size: 12,
    font: bold,
    color: accent,
  });

  let page = pdf.addPage(pageSize);
  let pageNumber = 2;
  page.drawText('Our services', { x: margin, y: height - margin - 24, size: 26, font: bold, color: ink });
  y = height - margin - 64;
  for (const service of site.services) {
    const summary = wrap(service.summary, regular, 10.5, textWidth);
    const needed = 22 + summary.length * 15 + 14;
    if (y - needed < 64) {
      footer(page, regular, site, pageNumber);
      page = pdf.addPage(pageSize);
      pageNumber += 1;
      y = height - margin;
    }
    page.drawRectangle({ x: margin, y: y - 2, width: 4, height: 14, color: primary });
    page.drawText(service.title, { x: margin + 12, y, size: 13, font: bold, color: ink });
    y -= 20;
    for (const line of summary) {
      page.drawText(line, { x: margin + 12, y, size: 10.5, font: regular, color: muted });
      y -= 15;
    }
    y -= 14;
  }
  footer(page, regular, site, pageNumber);

  const contact = pdf.addPage(pageSize);
  contact.drawText("Let's talk", { x: margin, y: height - margin - 24, size: 26, font: bold, color: ink });
  const { address, email, phone } = site.contact;
  const rows: [string, string][] = [
    [
      'Office',
      [...address.lines, `${address.locality}, ${address.region} ${address.postalCode}`, address.country].join(', '),
    ],
    ['Phone', phone.display],
    ['E-mail', email],
    ['Careers', site.contact.hrEmail],
  ];
  y = height - margin - 70;
  for (const [label, value] of rows) {
    contact.drawText(label.toUpperCase(), { x: margin, y, size: 9, font: bold, color: accent });
    y -= 16;
    for (const line of wrap(value, regular, 12, textWidth)) {
      contact.drawText(line, { x: margin, y, size: 12, font: regular, color: ink });
      y -= 17;
    }
    y -= 14;
  }
  footer(contact, regular, site, pageNumber + 1);
  return pdf.save();
}

/** Serves the brochure in development and writes it into the build. */
export function brochurePlugin(): Plugin {
  const build = () => buildBrochure(loadContent().site.data);
  return {
    name: 'brochure',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const { href } = loadContent().site.data.brochure;
        if (request.url !== href) return next();
        build().then((bytes) => {
          response.setHeader('Content-Type', 'application/pdf');
          response.end(Buffer.from(bytes));
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment?.name === 'ssr') return;
      const { href } = loadContent().site.data.brochure;
      this.emitFile({ type: 'asset', fileName: href.slice(1), source: await build() });
    },
  };
}
