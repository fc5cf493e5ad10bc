import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFPage,
} from 'pdf-lib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brochureKey, buildBrochure, previousBrochure } from './brochure.ts';
import { brochureContent } from './lib/brochure-content.ts';
import { loadContent } from './lib/content.ts';

const { site, pages } = loadContent();
const content = brochureContent(
  site.data,
  pages.map((page) => page.data),
);
let pdf: PDFDocument;

beforeAll(async () => {
  pdf = await PDFDocument.load(await buildBrochure(content));
}, 60_000);

const streamText = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** A font's ToUnicode map, from glyph id to the text it stands for (its bfchar and bfrange entries). */
function unicodeOf(font: PDFDict): Map<number, string> {
  const map = new Map<number, string>();
  const cmap = streamText(pdf.context.lookup(font.get(PDFName.of('ToUnicode'))) as PDFRawStream);
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, text] of block!.matchAll(/<(\w+)>\s*<(\w+)>/g)) map.set(parseInt(glyph!, 16), utf16(text!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, first] of block!.matchAll(/<(\w+)>\s*<(\w+)>\s*<(\w+)>/g)) {
      const start = utf16(first!).codePointAt(0)!;
      for (let glyph = parseInt(low!, 16); glyph <= parseInt(high!, 16); glyph += 1) {
        map.set(glyph, String.fromCodePoint(start + glyph - parseInt(low!, 16)));
      }
    }
  }
  return map;
}

/**
 * The text a page draws: pdf-lib writes each run as a hex string of two-byte glyph ids shown by Tj, in the font the
 * last Tf chose, whose ToUnicode map turns them back into text.
 */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const operators = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map(streamText)
    .join('\n');
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  let font = new Map<number, string>();
  const runs: string[] = [];
  for (const [, name, hex] of operators.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (name !== undefined) font = unicodeOf(fonts.lookup(PDFName.of(name), PDFDict));
    else runs.push([...hex!.matchAll(/\w{4}/g)].map(([glyph]) => font.get(parseInt(glyph, 16)) ?? '').join(''));
  }
  return runs.join('\n');
}

/** The pixel sizes of the images a page draws. */
function pageImages(page: PDFPage): string[] {
  const objects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!objects) return [];
  return objects.values().flatMap((ref) => {
    const image = pdf.context.lookup(ref);
    if (!(image instanceof PDFRawStream) || image.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    const size = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    return [`${size('Width')}x${size('Height')}`];
  });
}

/** The operators of a page's content streams, as text. */
function pageOperators(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map(streamText)
    .join('\n');
}

interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/**
 * The boxes of the straight-edged shapes a page fills (pdf-lib draws a rectangle as a path of lines, moved into
 * place by translations), in the page's points.
 */
function filledBoxes(page: PDFPage): Box[] {
  const boxes: Box[] = [];
  const saved: [number, number][] = [];
  let [dx, dy] = [0, 0];
  let points: [number, number][] = [];
  let curved = false;
  for (const line of pageOperators(page).split('\n')) {
    const words = line.trim().split(/\s+/);
    const operator = words.at(-1);
    const numbers = words.slice(0, -1).map(Number);
    if (operator === 'q') saved.push([dx, dy]);
    else if (operator === 'Q') [dx, dy] = saved.pop() ?? [0, 0];
    else if (operator === 'cm' && numbers.slice(0, 4).join() === '1,0,0,1')
      [dx, dy] = [dx + numbers[4]!, dy + numbers[5]!];
    else if (operator === 'm' || operator === 'l') points.push([dx + numbers[0]!, dy + numbers[1]!]);
    else if (operator === 'c') curved = true;
    else if (operator === 'f' || operator === 'n' || operator === 'S') {
      if (operator === 'f' && !curved && points.length > 0) {
        const xs = points.map(([x]) => x);
        const ys = points.map(([, y]) => y);
        boxes.push({ left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) });
      }
      points = [];
      curved = false;
    }
  }
  return boxes;
}

describe('the brochure', () => {
  it('shows the logo on every page, with the contact details', () => {
    const { width, height } = site.data.brand.logo;
    // The logo is rendered at four times its size, sharp for print.
    const logo = `${width * 4}x${height * 4}`;
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
    for (const page of pdf.getPages()) {
      expect(pageImages(page)).toContain(logo);
      const text = pageText(page);
      expect(text).toContain(site.data.contact.phone.display);
      expect(text).toContain(site.data.contact.email);
    }
  });

  it('presents every service with its image and key offerings', () => {
    const text = pdf.getPages().map(pageText).join('\n');
    for (const service of content.services) {
      expect(text, service.title).toContain(service.title);
      expect(service.offerings.length, service.title).toBeGreaterThan(0);
      for (const offering of service.offerings) expect(text).toContain(offering);
    }
    const imagesOnServicePages = pdf
      .getPages()
      .filter((page) => pageText(page).includes('Our services'))
      .reduce((count, page) => count + pageImages(page).length - 1, 0);
    expect(imagesOnServicePages).toBeGreaterThanOrEqual(new Set(content.services.map((s) => s.image)).size);
  });

  it("carries the portfolio's case figures", () => {
    const text = pdf.getPages().map(pageText).join(' ').replace(/\s+/g, ' ');
    expect(content.cases.length).toBeGreaterThan(0);
    for (const result of content.cases) {
      for (const figure of result.caption.match(/\d+(?:\.\d+)?%?/g) ?? []) expect(text).toContain(figure);
    }
  });

  it('writes the site’s own characters, the rupee sign among them, as the site does', () => {
    const text = pdf.getPages().map(pageText).join(' ');
    const rupees = JSON.stringify(content).match(/₹[^"]*/g) ?? [];
    expect(rupees.length).toBeGreaterThan(0);
    expect(text).toContain('₹');
    expect(text).not.toMatch(/\bRs\b/);
  });

  it('draws every background that meets a page’s edge past it: drawn flush, a viewer showed a thin line there', () => {
    for (const [number, page] of pdf.getPages().entries()) {
      const { width, height } = page.getSize();
      const boxes = filledBoxes(page);
      // The cover's dark ground covers the whole page.
      if (number === 0)
        expect(boxes.some((box) => box.right - box.left >= width && box.top - box.bottom >= height)).toBe(true);
      const flush = boxes.flatMap((box) =>
        [
          ['left', box.left, 0],
          ['bottom', box.bottom, 0],
          ['right', box.right, width],
          ['top', box.top, height],
        ]
          .filter(([, at, edge]) => Math.abs((at as number) - (edge as number)) < 0.5)
          .map(([side]) => `page ${number + 1}: a box's ${side} side on the page's edge`),
      );
      expect(flush).toEqual([]);
    }
  });

  it('leaves no page nearly blank', () => {
    for (const page of pdf.getPages()) expect(pageText(page).length).toBeGreaterThan(400);
  });
});

describe('the brochure of a content save', () => {
  const made = loadContent();
  const href = made.site.data.brochure.href;
  let previous: string;
  afterEach(() => rmSync(previous, { recursive: true, force: true }));

  /** A previous build's client folder holding a brochure made from `key`. */
  function previousBuild(key: string): string {
    previous = mkdtempSync(join(tmpdir(), 'northbeam-brochure-'));
    mkdirSync(join(previous, '.vite'));
    mkdirSync(join(previous, dirname(href.slice(1))), { recursive: true });
    writeFileSync(join(previous, href.slice(1)), 'the previous brochure');
    writeFileSync(join(previous, '.vite', 'brochure.json'), JSON.stringify({ href, key }));
    return previous;
  }

  it('takes the previous build’s brochure when what it tells has not changed', async () => {
    const key = await brochureKey(made);
    expect(previousBrochure(previousBuild(key), href, key)?.toString()).toBe('the previous brochure');
  });

  it('makes it again when a service it presents changed, but not for a heading it does not show', async () => {
    const key = await brochureKey(made);
    const seo = made.pages.find((page) => page.data.route === '/seo')!;
    const hero = structuredClone(seo);
    (hero.data.sections[0] as { heading: string }).heading = 'A heading the brochure does not show';
    expect(await brochureKey({ site: made.site, pages: made.pages.map((p) => (p === seo ? hero : p)) })).toBe(key);

    const site = structuredClone(made.site);
    site.data.services[0]!.title = 'A service renamed';
    const renamed = await brochureKey({ site, pages: made.pages });
    expect(renamed).not.toBe(key);
    expect(previousBrochure(previousBuild(key), href, renamed)).toBeUndefined();
  });

  it('makes it again when the previous build kept no key, or a garbled one', async () => {
    const key = await brochureKey(made);
    const folder = previousBuild(key);
    rmSync(join(folder, '.vite', 'brochure.json'));
    expect(previousBrochure(folder, href, key)).toBeUndefined();
    writeFileSync(join(folder, '.vite', 'brochure.json'), '{ not json');
    expect(previousBrochure(folder, href, key)).toBeUndefined();
  });
});
