/**
 * Nothing a visitor does before the app has started is lost: the page's first script answers the phone menu and
 * the reel's button, and the app takes both over as the visitor left them, without a flash.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, openPage, phone } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The page's first scripts: those its HTML names, as the server serves it now (a build that the content studio's
 * tests published names its scripts otherwise than dist/ does). All that runs before the app is asked for.
 */
let firstScripts: Set<string>;
beforeAll(async () => {
  const html = await (await fetch(`${baseURL()}/`)).text();
  firstScripts = new Set([...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!));
  expect(firstScripts.size).toBeGreaterThan(0);
});

/** Holds the app's scripts (all but the page's first) until `release` is called: the page stays the server's HTML. */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(/\/assets\/[^/]+\.js$/, (route) => {
    if (releasing || firstScripts.has(new URL(route.request().url()).pathname)) return route.continue();
    held.push(route);
  });
  return async () => {
    releasing = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/** The menu as a visitor sees it: open or not, the page locked or not, and whether its first link is on top. */
function menuState(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('[data-menu-button]')!;
    const link = document.querySelector('nav[aria-label="Main"] a[href="/about"]')!;
    const box = link.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      expanded: button.getAttribute('aria-expanded'),
      locked: getComputedStyle(document.body).overflow === 'hidden',
      linkOnTop: box.width > 0 && top !== null && link.contains(top),
    };
  });
}

describe('before the app starts', () => {
  it('opens the menu at 375 px on a tap right after DOMContentLoaded, locks the page, and closes on the next', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const started = await page.locator('#root').getAttribute('data-app');
    const button = page.getByRole('button', { name: /menu/i });

    await button.click();
    expect(started).toBeNull();
    expect(await menuState(page)).toEqual({ expanded: 'true', locked: true, linkOnTop: true });
    await page.mouse.wheel(0, 600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await button.click();
    expect(await menuState(page)).toEqual({ expanded: 'false', locked: false, linkOnTop: false });
    await hydrated(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands an open menu to the app without closing it for a moment, and the next tap closes it', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const release = await holdTheApp(page);
    await page.goto('/');
    const button = page.getByRole('button', { name: /menu/i });
    await button.click();
    // Every change of the menu's open state from here on, as it happens.
    await page.evaluate(() => {
      const changes: string[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          const value = (record.target as Element).getAttribute(record.attributeName!);
          if (value !== record.oldValue) changes.push(`${record.attributeName}: ${record.oldValue} → ${value}`);
        }
      });
      for (const element of document.querySelectorAll('[data-menu-button], nav[aria-label="Main"]')) {
        observer.observe(element, { attributeOldValue: true, attributeFilter: ['aria-expanded', 'data-open'] });
      }
      observer.observe(document.body, { attributeOldValue: true, attributeFilter: ['class'] });
      Object.assign(window, { menuChanges: changes });
    });
    await release();
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { menuChanges: string[] }).menuChanges)).toEqual([]);
    expect(await menuState(page)).toEqual({ expanded: 'true', locked: true, linkOnTop: true });

    await button.click();
    expect(await menuState(page)).toEqual({ expanded: 'false', locked: false, linkOnTop: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pauses the reel from its button before the app starts, and the app goes on from there', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const release = await holdTheApp(page);
    await page.goto('/portfolio');
    const control = page.locator('[data-reel-control]');
    const paused = () => page.evaluate(() => document.querySelector('video')!.paused);
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    expect(await control.textContent()).toBe('Pause video');

    await control.click();
    expect(await paused()).toBe(true);
    // The words follow the pause event, which comes in a task after \`paused\` turns true.
    await expect.poll(() => control.textContent()).toBe('Play video');
    expect(await page.locator('#root').getAttribute('data-app')).toBeNull();

    await release();
    await hydrated(page);
    expect(await paused()).toBe(true);
    expect(await control.textContent()).toBe('Play video');
    await control.click();
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    // \`paused\` turns false at once; the play event that the app's control answers comes in a task after it.
    await expect.poll(() => control.textContent()).toBe('Pause video');
    expect(errors).toEqual([]);
    await context.close();
  });
});
