import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { openPage, untilHydrated } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What the browser says of its connection (Chromium's Network Information API), as a visitor's would. */
const connection = (context: BrowserContext, value: { saveData: boolean; effectiveType: string }) =>
  context.addInitScript(
    (value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }),
    value,
  );

async function openSite(network = { saveData: true, effectiveType: '4g' }) {
  const opened = await openPage(browser);
  await connection(opened.context, network);
  return opened;
}

/** The home page's loader asks for the newest posts. */
/** The home page's recent posts: the blog's own list, also fetched ahead from its link, asks with an offset. */
const isHomeData = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/blogs' && !url.searchParams.has('offset');
};
const banner = (page: Page) => page.getByRole('banner');
const markDocument = (page: Page) => page.evaluate(() => ((window as { documentMark?: boolean }).documentMark = true));
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as { documentMark?: boolean }).documentMark === true);
/** Resolves once the page's idle callbacks (where links in view are fetched) have had their turn. */
const afterIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));

describe('moving through the site: races', () => {
  it('lets the latest click win when the first page’s data is slow, never showing it under the second address', async () => {
    const { page, context, errors } = await openSite();
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const settled = new Promise<void>((resolve) => {
      page.on('requestfinished', (request) => isHomeData(request) && resolve());
      page.on('requestfailed', (request) => isHomeData(request) && resolve());
    });
    await page.route('**/api/blogs?**', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });

    await banner(page).getByRole('link', { name: 'Home', exact: true }).click();
    await banner(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    release();
    await settled;
    await afterIdle(page);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact Us');
    expect(await page.getByRole('heading', { name: 'Recent articles' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the whole page when the next page’s chunk fails to download', async () => {
    const { page, context } = await openSite();
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    await markDocument(page);
    const failedOnce = new Set<string>();
    await page.route('**/assets/*.js', async (route) => {
      const url = route.request().url();
      if (failedOnce.has(url)) return route.continue();
      failedOnce.add(url);
      return route.abort('connectionreset');
    });
    await banner(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await expect.poll(() => documentMarked(page)).toBe(false);
    expect(failedOnce.size).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0);
    await context.close();
  });
});

describe('moving through the site: navigation events', () => {
  it('counts each page the router shows, back and forward included, with history.pushState left as it is', async () => {
    const { page, context, errors } = await openSite();
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/collect')) beacons.push(JSON.parse(request.postData() ?? '{}').path);
    });
    const navigated: string[] = [];
    await page.exposeFunction('noteNavigated', (path: string) => navigated.push(path));
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    await page.evaluate(() =>
      window.addEventListener('site:navigated', (event) =>
        (window as unknown as { noteNavigated: (path: string) => void }).noteNavigated(
          (event as CustomEvent<{ pathname: string }>).detail.pathname,
        ),
      ),
    );
    await expect.poll(() => beacons).toEqual(['/about']);
    expect(await page.evaluate(() => Function.prototype.toString.call(history.pushState))).toContain('[native code]');

    await banner(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expect.poll(() => beacons).toEqual(['/about', '/contact']);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/about');
    await expect.poll(() => beacons).toEqual(['/about', '/contact', '/about']);
    expect(navigated).toEqual(['/contact', '/about']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('moving through the site: fetched on intent', () => {
  it('fetches a page’s data when the pointer rests on its link, and the click uses it', async () => {
    const { page, context, errors } = await openSite();
    const asked: string[] = [];
    page.on('request', (request) => isHomeData(request) && asked.push(request.url()));
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    await afterIdle(page);
    expect(asked).toEqual([]);

    const home = banner(page).getByRole('link', { name: 'Home', exact: true });
    await home.hover();
    await expect.poll(() => asked.length).toBe(1);
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    const recent = page.getByRole('heading', { name: 'Recent articles' }).locator('xpath=ancestor::section');
    // The posts came with the page (the all-posts card is always there): no request after the click.
    await expect.poll(() => recent.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(asked.length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a page fetched on intent in the click’s own task, before any task queued behind the click runs', async () => {
    const { page, context, errors } = await openSite();
    const answered = new Promise<void>((resolve) =>
      page.on('requestfinished', (request) => isHomeData(request) && resolve()),
    );
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    const home = banner(page).getByRole('link', { name: 'Home', exact: true });
    await home.hover();
    await answered;
    await afterIdle(page);
    // A message posted as the click starts is the next task in the queue React's scheduler posts its work to: in a
    // transition it would still see the old page, rendered in slices behind it.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        () => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            (window as { headingAfterClick?: string }).headingAfterClick =
              document.querySelector('main h1')?.textContent ?? '';
          };
          channel.port2.postMessage(null);
        },
        { capture: true, once: true },
      ),
    );
    const heading = await page.evaluate(() => document.querySelector('main h1')?.textContent);
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    const after = await page.waitForFunction(() => (window as { headingAfterClick?: string }).headingAfterClick);
    expect(await after.jsonValue()).not.toBe(heading);
    expect(await after.jsonValue()).toBe(await page.getByRole('heading', { level: 1 }).textContent());
    // Its scroll, focus and announcement came with it.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fetches links in view ahead when the connection allows, and not with Save-Data or on 2G', async () => {
    for (const [network, fetched] of [
      [{ saveData: false, effectiveType: '4g' }, true],
      [{ saveData: true, effectiveType: '4g' }, false],
      [{ saveData: false, effectiveType: '2g' }, false],
    ] as const) {
      const { page, context } = await openSite(network);
      const asked: string[] = [];
      page.on('request', (request) => isHomeData(request) && asked.push(request.url()));
      await page.goto('/about');
      await untilHydrated(page.getByRole('heading', { level: 1 }));
      if (fetched) await expect.poll(() => asked.length).toBe(1);
      else {
        await afterIdle(page);
        expect(asked, JSON.stringify(network)).toEqual([]);
      }
      await context.close();
    }
  });
});
