/**
 * Each page's first paint needs no stylesheet: its critical CSS is inlined into one `<style>` its CSP names by hash,
 * and the whole stylesheet (cacheable, for the next page) loads without blocking, also without JavaScript.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, phone } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Prerendered (/about, /seo) and rendered per request (/, /blog, a post).
const pages = ['/', '/about', '/seo', '/blog', `/blogs/${examplePosts[0]!.slug}`];

/** Holds the stylesheets matching `pattern` until the returned function is called. */
async function holdStylesheets(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Sums the page's layout shifts from its first paint on, read by `layoutShifts` (a script of the page's: scripts on). */
async function countLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { shifted?: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as { shifted?: number }).shifted! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as { shifted?: number }).shifted);

describe('critical CSS', () => {
  it.each(pages)(
    '%s inlines its critical CSS under its CSP and loads the stylesheet without blocking',
    async (path) => {
      const response = await fetch(new URL(path, baseURL()));
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)];
      expect(styles).toHaveLength(1);
      expect(styles[0]![1]!.length).toBeGreaterThan(1000);
      // No stylesheet blocks first paint from the head: it is preloaded there, and linked at the end of the body.
      expect(head).not.toMatch(/<link rel="stylesheet"/);
      const sheets = [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map(
        (match) => match[1]!,
      );
      expect(sheets.length).toBeGreaterThan(0);
      for (const sheet of sheets) expect(head).toContain(`<link rel="preload" href="${sheet}" as="style"`);
      expect(html.indexOf(`href="${sheets[0]}"`, html.indexOf('</head>'))).toBeGreaterThan(html.indexOf('id="root"'));
      // No inline handler to load it, and the policy allows this page's style by its hash, not every inline style.
      expect(html).not.toMatch(/\sonload=/);
      const policy = response.headers.get('content-security-policy')!;
      expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(policy).not.toContain('unsafe-inline');
      const asset = await fetch(new URL(sheets[0]!, baseURL()));
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    },
  );

  it('paints styled with scripts off, and shifts nothing when the stylesheet arrives late, with no CSP error', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: phone, baseURL: baseURL(), javaScriptEnabled });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const release = await holdStylesheets(page, '**/assets/*.css');
      await countLayoutShifts(page);
      // The page's scripts wait for the stylesheet (as any script after a stylesheet does); its content does not.
      await page.goto('/seo', { waitUntil: 'commit' });
      await page.locator('footer').first().waitFor({ state: 'attached' });
      // Styled by the inlined rules alone: the header is laid out as the stylesheet lays it out.
      const early = await page.locator('header').first().boundingBox();
      const fontEarly = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      release();
      await page.waitForLoadState('load');
      if (javaScriptEnabled) await hydrated(page);
      expect(await page.locator('header').first().boundingBox()).toEqual(early);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(fontEarly);
      // Layout shifts are observed by a script of the page's: with scripts on.
      if (javaScriptEnabled) expect(await layoutShifts(page)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shifts nothing on a post when its stylesheets arrive one after the other', async () => {
    const context = await browser.newContext({ viewport: phone, baseURL: baseURL() });
    const page = await context.newPage();
    // The site's stylesheet held back until the global one has applied: a rule of one that outweighs a rule of the
    // other only by coming later (a page's padding over `.section`'s) must not flip while only one has arrived.
    const release = await holdStylesheets(page, '**/assets/site-styles-*.css');
    await countLayoutShifts(page);
    await page.goto(`/blogs/${examplePosts[0]!.slug}`, { waitUntil: 'commit' });
    await page.locator('footer').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/index-') && sheet.cssRules.length > 0),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    release();
    await page.waitForLoadState('load');
    await hydrated(page);
    expect(await layoutShifts(page)).toBe(0);
    await context.close();
  });
});
