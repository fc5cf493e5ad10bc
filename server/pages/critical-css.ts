import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import { contentSecurityPolicy } from '../http/security-headers.ts';

/**
 * Inlines the rules a page's HTML uses into one `<style>` in its head and loads the whole stylesheet without blocking
 * first paint (beasties' default strategy: a `preload` in the head and the stylesheet at the end of the body, no
 * inline `onload` handler for the CSP to refuse). The stylesheet stays whole and cacheable for the next page, and the
 * router's client-side navigations find it linked. Run on prerendered pages at build time and on pages rendered per
 * request (kept by the response cache).
 */
export function criticalCss(clientDir: string): (html: string) => Promise<string> {
  const beasties = new Beasties({ path: clientDir, publicPath: '/', logLevel: 'warn', reduceInlineStyles: false });
  return (html) => beasties.process(html);
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
