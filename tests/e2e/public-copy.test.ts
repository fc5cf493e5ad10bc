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

  it('calls the careers page by one name, the one the header uses', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/work-with-us');
    const navLabel = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[href="/work-with-us"]')
      .textContent();
    const footerLabel = await page.getByRole('contentinfo').locator('a[href="/work-with-us"]').textContent();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect([footerLabel, heading]).toEqual([navLabel, navLabel]);
    expect(await page.title()).toContain(navLabel);
    const names = (await page.locator('body').innerText()).match(/\bCareers?\b|Work With Us/g) ?? [];
    expect(new Set([...names, (await page.title()).match(/\bCareers?\b/)?.[0]].filter(Boolean))).toEqual(
      new Set([navLabel]),
    );
    await context.close();
  });
});
