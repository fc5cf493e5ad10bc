import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { phone, seriousViolations, tabTo } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Whether a person can put a finger on it: its middle is on screen and nothing covers it. */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    return element.contains(document.elementFromPoint(x, y));
  });

describe('the admin’s menu on a phone', () => {
  it('folds behind a Menu button, opens on every section at once by keyboard, and folds again after a move', async () => {
    const { page, context, errors } = await signedIn(browser, phone);
    await page.goto('/admin/posts');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const button = nav.getByRole('button', { name: 'Menu' });
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').count()).toBe(0);

    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const links = nav.getByRole('link');
    const names = await links.allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (let index = 0; index < names.length; index += 1) expect(await reachable(links.nth(index))).toBe(true);
    expect(await nav.getByRole('link', { name: 'Posts' }).getAttribute('aria-current')).toBe('page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-menu-375.png` });

    await tabTo(page, nav.getByRole('link', { name: 'Media' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/media');
    // The address changes while the section's code may still be loading; the move is done once its page shows.
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
