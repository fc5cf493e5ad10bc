import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { openPage, untilHydrated } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A mark on the document: it survives a client-side navigation and is gone after a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as { documentMark?: boolean }).documentMark = true));
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as { documentMark?: boolean }).documentMark === true);

describe('the public pages’ router', () => {
  it('follows a link to a page with a form without a page load, and back and forward with history', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    await markDocument(page);

    await page.getByRole('link', { name: 'Search Engine Optimization' }).first().click();
    await page.waitForURL((url) => url.pathname === '/seo');
    await page.getByRole('heading', { name: 'Talk to us about your project' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/SEO/);
    await page.getByRole('textbox', { name: /Your name/ }).fill('Asha');
    expect(await documentMarked(page)).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Search Engine Optimization' }).first().waitFor();
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/seo');
    await page.getByRole('heading', { name: 'Talk to us about your project' }).waitFor();
    expect(await documentMarked(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
