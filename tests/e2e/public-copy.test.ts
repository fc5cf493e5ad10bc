import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { openPage } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** For each shown e-mail address, the pieces of it that a line break cut apart, as the reader sees them. */
function emailLines(page: Page) {
  return page.locator('a[href^="mailto:"]').evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0 && link.textContent?.includes('@'))
      .map((link) => {
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        const lines = new Map<number, string>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let index = 0; index < text.length; index += 1) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            lines.set(top, (lines.get(top) ?? '') + text[index]);
          }
        }
        return [...lines.values()].map((line) => line.trim()).filter(Boolean);
      }),
  );
}

describe('copy on narrow screens', () => {
  it('breaks e-mail addresses only after the @ or a dot at 320 px', async () => {
    const { page, context } = await openPage(browser, { width: 320, height: 640 });
    let addresses = 0;
    for (const path of ['/contact', '/work-with-us', '/']) {
      await page.goto(path);
      for (const lines of await emailLines(page)) {
        addresses += 1;
        for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@.]$/);
      }
    }
    expect(addresses).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('calls the careers page by the specification’s words: Work With Us in the header, Career in the footer', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/work-with-us');
    const navLabel = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[href="/work-with-us"]')
      .textContent();
    expect(navLabel).toBe('Work With Us');
    const footer = page.getByRole('contentinfo');
    const support = footer.getByRole('heading', { name: 'Support' }).locator('xpath=following-sibling::ul[1]');
    expect(await support.locator('a[href="/work-with-us"]').textContent()).toBe('Career');
    // The footer's list of every main section repeats the header's words.
    expect(await footer.locator('#site-sections a[href="/work-with-us"]').textContent()).toBe(navLabel);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(navLabel);
    expect(await page.title()).toContain(navLabel);
    const names = (await page.locator('body').innerText()).match(/\bCareers?\b|Work With Us/g) ?? [];
    expect(new Set(names)).toEqual(new Set([navLabel, 'Career']));
    await context.close();
  });
});
