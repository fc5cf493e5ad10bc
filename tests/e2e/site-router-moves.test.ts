import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createPost, signedIn, uniqueSlug } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { openPage, phone, seriousViolations, untilHydrated } from './page-helpers.ts';

let browser: Browser;
const postIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // Two posts more than the five examples: /blog (six a page) has a second page.
  const { page, close } = await signedIn(browser);
  for (const index of [1, 2]) {
    const post = await createPost(page, {
      title: `A page further ${index}`,
      slug: uniqueSlug('router-moves'),
      status: 'published',
      publishedAt: `2023-01-0${index}T09:00:00Z`,
      content: `<p>Post ${index} that pushes the list onto a second page.</p>`,
    });
    postIds.push(post._id);
  }
  await close();
});

afterAll(async () => {
  const { page, close } = await signedIn(browser);
  for (const id of postIds) await callApi(page, 'DELETE', `/api/blogs/${id}`);
  await close();
  await browser?.close();
});

/** The visitor asked to save data: links in view are not fetched ahead, so each test sees only what it does. */
const saveData = (context: BrowserContext) =>
  context.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
  );

async function openSite(viewport?: typeof phone) {
  const opened = await openPage(browser, viewport);
  await saveData(opened.context);
  return opened;
}

/** A click lands on this control: nothing covers its middle. */
async function expectReachable(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const onTop = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop, `${locator.toString()} is covered`).toBe(true);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focusedText = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim()}`);
const announced = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-route-announcer]')?.textContent ?? null);

describe('moving through the site: scroll and focus', () => {
  it('starts a new page at its top, focused on its heading, its title announced politely', async () => {
    const { page, context, errors } = await openSite();
    await page.goto('/');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    const about = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About', exact: true });
    await expectReachable(about);
    expect(await scrollY(page)).toBeGreaterThan(1000);
    await about.click();
    await page.waitForURL((url) => url.pathname === '/about');
    await expect.poll(() => focusedText(page)).toMatch(/^H1: /);
    expect(await scrollY(page)).toBe(0);
    const title = await page.title();
    await expect.poll(() => announced(page)).toBe(title);
    expect(title).toMatch(/About/);
    expect(await page.locator('[data-route-announcer]').getAttribute('aria-live')).toBe('polite');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves focus to the new page’s heading after Enter on “Read More”, so the next Tab goes on from there', async () => {
    const { page, context } = await openSite(phone);
    await page.goto('/service');
    const readMore = page.getByRole('link', { name: /Read More/ }).first();
    await untilHydrated(readMore);
    await readMore.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/service');
    await expect.poll(() => focusedText(page)).toMatch(/^H1: /);
    // The next Tab goes on from the heading: to the first control after it, not back at the top or in the footer.
    const afterHeading = await page.evaluate(() => {
      const heading = document.activeElement!;
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')];
      const next = controls.find(
        (control) =>
          heading.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING &&
          control.getClientRects().length > 0,
      );
      return next?.outerHTML.slice(0, 120);
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 120))).toBe(afterHeading);
    await context.close();
  });

  it('puts back each entry’s scroll on Back and Forward once its page has rendered', async () => {
    const { page, context, errors } = await openSite();
    await page.goto('/');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const homeY = await scrollY(page);
    expect(homeY).toBeGreaterThan(1000);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => scrollY(page)).toBe(400);

    // Home's posts arrive late: the position is put back after they rendered, not on the page still shown.
    await page.route('**/api/blogs?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => scrollY(page)).toBe(homeY);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/about');
    await expect.poll(() => scrollY(page)).toBe(400);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the blog’s second page at its top', async () => {
    const { page, context } = await openSite();
    await page.goto('/blog');
    const second = page.getByRole('link', { name: 'Page 2' });
    await untilHydrated(second);
    await expectReachable(second);
    expect(await scrollY(page)).toBeGreaterThan(300);
    await second.click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect.poll(() => focusedText(page)).toMatch(/^H1: /);
    await context.close();
  });
});

/** Holds every script chunk and API answer the page asks for from now on, until `release` is called. */
async function holdRequests(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/(assets\/.*\.js|api\/blogs)/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release };
}

describe('moving through the site: pending state', () => {
  it('shows a slim bar at the top while a page is slow to arrive, the old page staying, and none when it is quick', async () => {
    const { page, context, errors } = await openSite();
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    const aboutHeading = await page.getByRole('heading', { level: 1 }).textContent();
    // The page's timers on a clock of the test's: the bar's delay is counted, not waited for.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const held = await holdRequests(page);
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    const bar = page.locator('.route-progress');
    await page.clock.runFor(250);
    expect(await bar.count()).toBe(0);
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    await page.clock.runFor(100);
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height).toBeLessThanOrEqual(4);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(aboutHeading);
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    expect(page.url()).toMatch(/\/about$/);

    held.release();
    await page.waitForURL((url) => url.pathname === '/contact');
    await bar.waitFor({ state: 'detached' });
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull();

    // Back to a page already loaded: it arrives before the bar's delay has passed, and no bar shows.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: aboutHeading! }).waitFor();
    await page.clock.runFor(1000);
    expect(await bar.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the bar still for a visitor who asks for reduced motion', async () => {
    const { page, context } = await openSite();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await untilHydrated(page.getByRole('heading', { level: 1 }));
    const held = await holdRequests(page);
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    const bar = page.locator('.route-progress');
    await bar.waitFor();
    expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    held.release();
    await page.waitForURL((url) => url.pathname === '/contact');
    await context.close();
  });
});
