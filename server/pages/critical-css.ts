import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compileSheet, type CompiledSheet } from 'beasties/compiler';
import { createProcessor } from 'beasties/runtime';
import { contentSecurityPolicy } from '../http/security-headers.ts';

type Processor = ReturnType<typeof createProcessor>;

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
 * its elements use and splices them in as text. The page's markup is left as React wrote it.
 */
export function criticalCss(clientDir: string): (html: string) => string {
  const sheets = new Map<string, CompiledSheet | undefined>();
  const processors = new Map<string, Processor>();
  const compiled = (href: string): CompiledSheet | undefined => {
    if (!sheets.has(href)) sheets.set(href, compile(clientDir, href));
    return sheets.get(href);
  };
  return (html) => {
    const hrefs = [...html.matchAll(stylesheetLinks)].map(([tag]) => hrefOf(tag)).filter((href) => href !== undefined);
    const key = hrefs.join(' ');
    let processor = processors.get(key);
    if (processor === undefined) {
      processor = createProcessor(hrefs.map(compiled).filter((sheet) => sheet !== undefined));
      processors.set(key, processor);
    }
    return processor.process(html);
  };
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

/** The CSP's `'sha256-…'` sources of the page's inline `<style>` elements: `style-src 'self'` alone would refuse them. */
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
