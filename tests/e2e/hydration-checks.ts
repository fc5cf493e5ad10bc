/**
 * Whether React in the browser took over the server's HTML rather than render a second copy (decision 0009): the
 * server's elements and text nodes recorded before any script runs, and the head as sent, compared once the app has
 * started. Used by the tests that visit each page once for everything its first load proves.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Before any of the page's scripts run, remembers the server's elements, their markup and their text nodes. */
export async function recordServerMarkup(page: Page) {
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
export function headSummary(page: Page) {
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

/** After `recordServerMarkup` and the page's hydration: every server node is kept, no copy is added, the head is as sent. */
export async function expectServerMarkupKept(page: Page, headAsSent: Awaited<ReturnType<typeof headSummary>>) {
  const result = await page.evaluate(() => {
    const { serverElements, serverTexts, serverMarkup, serverRootChildren } = window as unknown as {
      serverElements: Element[];
      serverTexts: Node[];
      serverMarkup: string[];
      serverRootChildren: number;
    };
    const root = document.getElementById('root')!;
    const server = new Set(serverElements);
    const markup = new Set(serverMarkup);
    return {
      detached: serverElements.filter((element) => !element.isConnected).map((element) => element.outerHTML),
      detachedTexts: serverTexts.filter((text) => !text.isConnected).map((text) => text.textContent),
      rootChildren: root.children.length - serverRootChildren,
      // Controls that only work with the app (a carousel's Pause button) may appear; a copy of the page may not.
      copies: [...root.querySelectorAll('*')]
        .filter((element) => !server.has(element) && markup.has(element.outerHTML))
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
}
