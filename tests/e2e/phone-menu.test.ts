import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, openPage, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const navLabels = ['Home', 'About', 'Services', 'Blog', 'Contact', 'Work With Us'];

/**
 * The labels of the menu's controls that are not the element a tap at their centre would reach, as the page is now:
 * nothing is scrolled into view first, since a scrolled strip is exactly how the menu hid its links.
 */
async function coveredControls(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const controls: Locator[] = [
    ...navLabels.map((label) => nav.getByRole('link', { name: label, exact: true })),
    nav.getByRole('link', { name: /Brochure/ }),
  ];
  const covered: string[] = [];
  for (const control of controls) {
    const onTop = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return top !== null && element.contains(top);
    });
    if (!onTop) covered.push((await control.textContent()) ?? '?');
  }
  return covered;
}

/** Holds the app's main chunk until `release` is called, so the page stays the server's HTML until then. */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(/\/assets\/main-[^/]+\.js$/, (route) => (releasing ? route.continue() : void held.push(route)));
  return async () => {
    releasing = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

describe('the phone menu', () => {
  for (const width of [320, 375]) {
    it(`shows every link on top when open at ${width} px, before and after the app starts`, async () => {
      const { page, context, errors } = await openPage(browser, { width, height: 640 });
      const release = await holdTheApp(page);
      await page.goto('/');
      const button = page.getByRole('button', { name: /menu/i });

      await button.click();
      expect(await page.locator('#root').getAttribute('data-app')).toBeNull();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await coveredControls(page)).toEqual([]);
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).isVisible(),
      ).toBe(false);

      // Opened before the app starts, the menu stays open when the app takes it over, and closes on the next tap.
      await button.click();
      await release();
      await hydrated(page);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await coveredControls(page)).toEqual([]);
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);

      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await coveredControls(page)).toEqual([]);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work With Us' }).click();
      await page.waitForURL('**/work-with-us');
      // The address changes first; the page follows once its chunk has rendered: the move is done when it shows.
      await page.getByRole('heading', { level: 1, name: 'Work With Us' }).waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('closes on Escape with the keyboard back on the Menu button, before and after the app starts', async () => {
    const { page, context, errors } = await openPage(browser, { width: 375, height: 812 });
    const release = await holdTheApp(page);
    await page.goto('/');
    const button = page.getByRole('button', { name: /menu/i });
    const focusedIsButton = () => button.evaluate((element) => document.activeElement === element);

    for (const appStarted of [false, true]) {
      if (appStarted) {
        await release();
        await hydrated(page);
      }
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      // Into the menu, then Escape from one of its links.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).focus();
      await page.keyboard.press('Escape');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedIsButton()).toBe(true);
      expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
      expect(await page.locator('#root').getAttribute('data-app')).toBe(appStarted ? 'started' : null);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every link on top at 768 px, where the navigation is a row under the logo', async () => {
    const { page, context, errors } = await openPage(browser, { width: 768, height: 900 });
    const release = await holdTheApp(page);
    await page.goto('/');
    expect(await page.getByRole('button', { name: /menu/i }).isVisible()).toBe(false);
    expect(await coveredControls(page)).toEqual([]);
    await release();
    await hydrated(page);
    expect(await coveredControls(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads to every main section without JavaScript, and is the button again with it', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: baseURL(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/blog');
    // A button that only a script could answer is not offered: a link to the footer's list of sections is.
    expect(await page.getByRole('button', { name: /menu/i }).isVisible()).toBe(false);
    const menu = page.getByRole('link', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/blog#site-sections');
    const sections = page.locator('#site-sections');
    expect(await sections.getByRole('link').allTextContents()).toEqual(navLabels);
    for (const label of navLabels) expect(await sections.getByRole('link', { name: label }).isVisible()).toBe(true);
    // Scrolled into view below the sticky header, not under it.
    const { top, headerBottom } = await sections.evaluate((element) => ({
      top: element.getBoundingClientRect().top,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
    }));
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    await sections.getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await context.close();

    const scripted = await openPage(browser, { width: 375, height: 812 });
    await scripted.page.goto('/blog');
    await hydrated(scripted.page);
    expect(await scripted.page.getByRole('link', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    expect(await scripted.page.getByRole('button', { name: /menu/i }).isVisible()).toBe(true);
    expect(await seriousViolations(scripted.page)).toEqual([]);
    expect(scripted.errors).toEqual([]);
    await scripted.context.close();
  });
});
