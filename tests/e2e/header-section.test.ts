import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { hydrated, openPage } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The header link's mark and the look it gets from it. */
function navLink(page: Page, label: string) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .evaluate((link) => {
      const style = getComputedStyle(link);
      return { current: link.getAttribute('aria-current'), color: style.color, background: style.backgroundColor };
    });
}

describe("the header marks the page's section", () => {
  it('marks Services on a service page and Blog on an article, looking like the current page', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/service');
    const currentPage = await navLink(page, 'Services');
    expect(currentPage.current).toBe('page');

    for (const [path, label] of [
      ['/seo', 'Services'],
      ['/automation-to-ai', 'Blog'],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      const marked = await navLink(page, label);
      expect(marked).toEqual({ ...currentPage, current: 'true' });
      expect((await navLink(page, 'Home')).background).not.toBe(currentPage.background);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
