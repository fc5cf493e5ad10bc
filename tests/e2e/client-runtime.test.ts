/**
 * React in the browser takes over the server's HTML, section by section: hydration must keep every
 * server node rather than render a second copy, and client-side navigation must keep the document's head in step.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { launchBrowser } from './browser.ts';
import { hydrated, openPage } from './page-helpers.ts';

const routes = JSON.parse(readFileSync('dist/client/routes.json', 'utf8')) as string[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Before any of the page's scripts run, remembers the server's elements, their markup and their text nodes. */
async function recordServerMarkup(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      const serverElements = [...root.querySelectorAll('*')];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const serverTexts: Node[] = [];
      while (walker.nextNode()) if (walker.currentNode.textContent!.trim()) serverTexts.push(walker.currentNode);
      const serverMarkup = serverElements.map((element) => element.outerHTML);
      Object.assign(window, { serverElements, serverTexts, serverMarkup, serverRootChildren: root.children.length });
    });
  });
}

/** What the head holds that a page sets: its title and the slots that must appear once. */
function headSummary(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) => [...document.head.querySelectorAll(selector)];
    const content = (selector: string) => all(selector).map((element) => element.getAttribute('content'));
    return {
      titles: all('title').map((element) => element.textContent),
      descriptions: content('meta[name="description"]'),
      // Absolute addresses on this origin: the app's origin context reaches the head.
      canonicals: all('link[rel="canonical"]').map((element) =>
        element.getAttribute('href')!.replace(location.origin, ''),
      ),
      ogUrls: content('meta[property="og:url"]').map((url) => url!.replace(location.origin, '')),
      ogTitles: content('meta[property="og:title"]'),
      robots: content('meta[name="robots"]'),
      // The head's tags never land in the body; the whole stylesheet does, by design, after the inlined critical CSS.
      inBody: document.body.querySelectorAll('title, meta, link:not([rel="stylesheet"])').length,
      jsonLdTypes: [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((element) =>
        [JSON.parse(element.textContent!)].flat().map((data: { '@type': string }) => data['@type']),
      ),
    };
  });
}

describe('hydration of the server HTML', () => {
  it.each([...routes, `/blogs/${examplePosts[0]!.slug}`, '/no-such-page'])(
    '%s keeps every server element and its text, and its head as sent',
    async (route) => {
      const { page, context, errors } = await openPage(browser);
      await recordServerMarkup(page);
      await page.goto(route);
      const headAsSent = await headSummary(page);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const result = await page.evaluate(() => {
        const { serverElements, serverTexts, serverMarkup, serverRootChildren } = window as unknown as {
          serverElements: Element[];
          serverTexts: Node[];
          serverMarkup: string[];
          serverRootChildren: number;
        };
        const root = document.getElementById('root')!;
        const markup = new Set(serverMarkup);
        return {
          detached: serverElements.filter((element) => !element.isConnected).map((element) => element.outerHTML),
          detachedTexts: serverTexts.filter((text) => !text.isConnected).map((text) => text.textContent),
          rootChildren: root.children.length - serverRootChildren,
          // Controls that only work with the app (a carousel's Pause button) may appear; a copy of the page may not.
          copies: [...root.querySelectorAll('*')]
            .filter((element) => !serverElements.includes(element) && markup.has(element.outerHTML))
            .map((element) => element.outerHTML),
        };
      });
      expect(result.detached.slice(0, 3)).toEqual([]);
      expect(result.detachedTexts.slice(0, 3)).toEqual([]);
      expect(result.rootChildren).toBe(0);
      expect(result.copies.slice(0, 3)).toEqual([]);
      expect(await headSummary(page)).toEqual(headAsSent);
      expect(headAsSent.titles).toHaveLength(1);
      expect(headAsSent.inBody).toBe(0);
      // The document of a path the site does not have answers 404, which Chromium logs.
      expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
      await context.close();
    },
  );
});

describe('the head on client-side navigation', () => {
  it('follows each page: title, description, canonical, Open Graph, robots and JSON-LD, once each', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await hydrated(page);
    const home = await headSummary(page);
    expect(home.jsonLdTypes).toContain('Organization');
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

    await page.getByRole('contentinfo').getByRole('link', { name: 'Our work' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Work' }).waitFor();
    await page.waitForFunction((title) => document.title !== title, home.titles[0]);
    const portfolio = await headSummary(page);
    expect(portfolio).toMatchObject({ canonicals: ['/portfolio'], ogUrls: ['/portfolio'], robots: [], inBody: 0 });
    expect(portfolio.titles).toHaveLength(1);
    expect(portfolio.descriptions).toHaveLength(1);
    expect(portfolio.descriptions).not.toEqual(home.descriptions);
    expect(portfolio.ogTitles).toEqual(portfolio.titles);
    expect(portfolio.jsonLdTypes).not.toContain('Organization');

    // A path the site does not have: its page asks search engines to stay away, and the next page lifts that.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: /couldn.t find that page/ }).waitFor();
    const missing = await headSummary(page);
    expect(missing.robots).toEqual(['noindex']);
    expect(missing.canonicals).toEqual([]);
    expect(missing.titles).toHaveLength(1);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Our Work' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('meta[name="robots"]').length === 0);
    await page.goBack();
    await page.waitForFunction(
      () => new URL(document.querySelector('link[rel="canonical"]')!.getAttribute('href')!).pathname === '/',
    );
    expect(await headSummary(page)).toEqual(home);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
