import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compileSheet, type CompiledSheet } from 'beasties/compiler';
import { collectPrograms, createProcessor } from 'beasties/runtime';
import { contentSecurityPolicy } from '../http/security-headers.ts';

/** A pass over a page, given the page's stylesheet links (`stylesheetLinks`' matches). */
type Processor = (html: string, links: RegExpExecArray[]) => string;

const stylesheetLinks = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const hrefOf = (tag: string) => /\shref="([^"]+)"/.exec(tag)?.[1];

/**
 * Inlines the rules a page's HTML uses into one `<style>` in its head and loads the whole stylesheet without blocking
 * first paint (beasties' default strategy: a `preload` in the head and the stylesheet at the end of the body, no
 * inline `onload` handler for the CSP to refuse). The stylesheet stays whole and cacheable for the next page, and the
 * router's client-side navigations find it linked. Run on prerendered pages at build time and on pages rendered per
 * request (kept by the response cache).
 *
 * Each stylesheet of the build is compiled once, when a page first links it (beasties' compiler: its rules parsed,
 * their selectors made into tests); a page is then one pass over its HTML (beasties' runtime), which finds the rules
 * its elements use and splices them in as text, or no pass at all when a page of its shape came before
 * (`rememberedByShape`). The page's markup is left as React wrote it.
 */
export function criticalCss(
  clientDir: string,
  { onPass }: { /** Told of each pass of beasties' over a page. */ onPass?: () => void } = {},
): (html: string) => string {
  const sheets = new Map<string, CompiledSheet | undefined>();
  const processors = new Map<string, Processor>();
  const compiled = (href: string): CompiledSheet | undefined => {
    if (!sheets.has(href)) sheets.set(href, compile(clientDir, href));
    return sheets.get(href);
  };
  return (html) => {
    const links = [...html.matchAll(stylesheetLinks)];
    const hrefs = links.map(([tag]) => hrefOf(tag)).filter((href) => href !== undefined);
    const key = hrefs.join(' ');
    let processor = processors.get(key);
    if (processor === undefined) {
      processor = rememberedByShape(
        hrefs.map(compiled).filter((sheet) => sheet !== undefined),
        onPass,
      );
      processors.set(key, processor);
    }
    return processor(html, links);
  };
}

/** Shapes of pages remembered per set of stylesheets: a route's few layouts, many times over. */
const rememberedShapes = 256;

/** Where a page's critical CSS goes: the span of its stylesheet links in the head, and its last `</body>`. */
interface Spans {
  linksStart: number;
  linksEnd: number;
  bodyClose: number;
}

/** What the pass did to a page: its stylesheet links (as written) became `head`; `bodyEnd` came before `</body>`. */
interface Edits {
  links: string;
  head: string;
  bodyEnd: string;
}

/**
 * beasties' pass over pages linking `sheets`, remembered by the page's shape: what its scan reads of a page, and
 * nothing else. The scan reads tags, their nesting, attribute names, and the values of `class`, `id` and the attributes
 * a selector tests; not the text (read only to choose fonts by their `unicode-range`, and not at all without fonts)
 * and no other attribute's value. Two pages of one shape get the same rules, so the edits the pass made to the first
 * (checked to rebuild its answer exactly, or not remembered) are made to the second without a scan. A route's pages
 * mostly share a few shapes: a post's page rendered again after a write, or when its kept answer expires; a search
 * with as many results as another.
 */
function rememberedByShape(sheets: CompiledSheet[], onPass?: () => void): Processor {
  const processor = createProcessor(sheets);
  const process = (html: string) => {
    onPass?.();
    return processor.process(html);
  };
  if (sheets.some((sheet) => sheet.rules.some((rule) => rule.fontFace))) return (html) => process(html);
  const shapeOf = shaper(testedAttributes(sheets));
  const remembered = new Map<string, Edits | null>();
  return (html, links) => {
    const spans = spansOf(html, links);
    if (spans === undefined) return process(html);
    const shape = shapeOf(html);
    const edits = remembered.get(shape);
    if (edits && html.slice(spans.linksStart, spans.linksEnd) === edits.links) return splice(html, spans, edits);
    const processed = process(html);
    if (edits === undefined) {
      if (remembered.size >= rememberedShapes) remembered.delete(remembered.keys().next().value!);
      remembered.set(shape, editsOf(html, processed, spans));
    }
    return processed;
  };
}

/** The names of the attributes the sheets' selectors test the values of (`[aria-current=page]`), in lower case. */
function testedAttributes(sheets: CompiledSheet[]): Set<string> {
  const names = new Set<string>();
  for (const { compounds } of collectPrograms(sheets)) {
    for (const { attrs = [] } of compounds) for (const { name } of attrs) names.add(name.toLowerCase());
  }
  return names;
}

/**
 * A page with its text and the values of attributes no selector reads taken out, in one pass: an attribute's quoted
 * value goes whole (a `>` in it too), and a run of text after a tag's `>` goes up to the next `<`. React escapes `>`
 * in the values it keeps (`class`, `id`, the tested ones), so no value is taken for text.
 */
function shaper(tested: Set<string>): (html: string) => string {
  const kept = ['class', 'id', ...tested].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const unread = new RegExp(`(\\s(?!(?:${kept})=)[^\\s"'=<>/]+=)"[^"]*"|(>)[^<]+(?=<)`, 'gi');
  return (html) => html.replace(unread, '$1$2');
}

function spansOf(html: string, links: RegExpExecArray[]): Spans | undefined {
  const [first, last] = [links[0], links.at(-1)];
  if (first === undefined || last === undefined) return undefined;
  const linksEnd = last.index + last[0].length;
  const bodyClose = html.lastIndexOf('</body>');
  return bodyClose < linksEnd ? undefined : { linksStart: first.index, linksEnd, bodyClose };
}

/**
 * The pass's edits to `html`, if `processed` is `html` changed only in the span of its stylesheet links and before
 * its last `</body>` (beasties' critical styles, preloads and links), so that `splice` rebuilds `processed` exactly.
 */
function editsOf(html: string, processed: string, { linksStart, linksEnd, bodyClose }: Spans): Edits | null {
  const before = html.slice(0, linksStart);
  const between = html.slice(linksEnd, bodyClose);
  const after = html.slice(bodyClose);
  if (!processed.startsWith(before) || !processed.endsWith(after)) return null;
  const changed = processed.slice(linksStart, processed.length - after.length);
  const at = changed.indexOf(between);
  if (between === '' || at === -1 || changed.lastIndexOf(between) !== at) return null;
  return {
    links: detached(html.slice(linksStart, linksEnd)),
    head: detached(changed.slice(0, at)),
    bodyEnd: detached(changed.slice(at + between.length)),
  };
}

/** A copy of `text` of its own: V8 keeps the whole string a slice came from alive, here a page for each shape. */
const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

function splice(html: string, { linksStart, linksEnd, bodyClose }: Spans, { head, bodyEnd }: Edits): string {
  return html.slice(0, linksStart) + head + html.slice(linksEnd, bodyClose) + bodyEnd + html.slice(bodyClose);
}

/** The build's stylesheet at `href` (`/assets/site-….css`), compiled; undefined for one outside the build. */
function compile(clientDir: string, href: string): CompiledSheet | undefined {
  const file = join(clientDir, href.split(/[?#]/, 1)[0]!);
  const inside = relative(clientDir, file);
  if (!href.startsWith('/') || href.startsWith('//') || inside.startsWith(`..${sep}`) || !existsSync(file)) {
    return undefined;
  }
  return compileSheet(readFileSync(file, 'utf8'), { href });
}

const inlineStyles = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;

/** The CSP's `'sha256-…'` sources of the page's inline `<style>` elements: `style-src 'self'` alone refuses them. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(inlineStyles)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`,
  );
}

/** The document's policy, allowing the page's own inline styles by their hashes and no other. */
export function policyForPage(html: string): string {
  const hashes = inlineStyleHashes(html);
  if (hashes.length === 0) return contentSecurityPolicy;
  return contentSecurityPolicy.replace("style-src 'self'", `style-src 'self' ${hashes.join(' ')}`);
}
