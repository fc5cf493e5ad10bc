import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { baseURL, desktop, downloadedBytes, openPage, phone, twoFrames, untilHydrated } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('header and footer', () => {
  it('navigates with the six header links and marks the current one', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const targets = {
      About: '/about',
      Services: '/service',
      Blog: '/blog',
      Contact: '/contact',
      'Work With Us': '/work-with-us',
      Home: '/',
    };
    for (const [label, path] of Object.entries(targets)) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect
        .poll(() => nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current'))
        .toBe('page');
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens and closes the menu at 375 px, and the page does not scroll while it is open', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/');
    const button = page.getByRole('button', { name: /menu/i });
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    expect(await links.isVisible()).toBe(false);
    await untilHydrated(button);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await links.isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.mouse.wheel(0, 800);
    await twoFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await button.click();
    await links.click();
    await page.waitForURL('**/about');
    // The address changes first; the page follows once its chunk has rendered: the move is done when it shows.
    await page.getByRole('heading', { level: 1, name: 'Our Story' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls to the top when following a link to a new path', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await footerLink.click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('downloads the brochure PDF from our own server', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Brochure/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('northbeam-brochure.pdf');
    expect(new URL(download.url()).origin).toBe(new URL(page.url()).origin);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('has a footer with Get in Touch, the columns and the 2025 copyright', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Get in Touch' }).isVisible()).resolves.toBe(true);
    for (const name of ['Services', 'Support', 'Legal']) {
      await expect(footer.getByRole('heading', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    for (const name of ['Contact us', 'Work With Us', 'Terms & Conditions', 'Privacy Policy', 'Refund Policy']) {
      await expect(footer.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    for (const network of ['LinkedIn', 'Facebook', 'Instagram', 'Twitter']) {
      await expect(footer.getByRole('link', { name: new RegExp(network) }).getAttribute('href')).resolves.toMatch(
        /^https:\/\//,
      );
    }
    expect(await footer.getByRole('link', { name: /Gurugram/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps/,
    );
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.textContent()).toContain('© 2025');
    await context.close();
  });
});

describe('home page', () => {
  it('shows every section of the specification', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/growth/i);
    const whoWeAre = page.getByRole('region', { name: 'Who We Are' });
    await expect(whoWeAre.getByRole('heading', { name: 'Our Vision' }).isVisible()).resolves.toBe(true);
    await expect(whoWeAre.getByRole('heading', { name: 'Our Mission' }).count()).resolves.toBe(1);
    expect(await whoWeAre.getByRole('button').count()).toBe(0);
    for (const name of ['Branding', 'Influencer Marketing', 'Search Engine Optimization']) {
      await expect(page.getByRole('link', { name, exact: true }).first().isVisible()).resolves.toBe(true);
    }
    expect(await page.getByRole('link', { name: 'View all services' }).getAttribute('href')).toBe('/service');
    const testimonials = page.getByRole('region', { name: 'Client testimonials' });
    expect(await testimonials.getByRole('group').count()).toBe(3);
    for (const company of ['SmileCraft Dental Clinic', 'TradeWise Academy', 'Greenfield International School']) {
      expect(await testimonials.getByText(company).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'All Posts' }).getAttribute('href')).toBe('/blog');
    expect(await page.getByRole('main').getByRole('link', { name: 'See our portfolio' }).getAttribute('href')).toBe(
      '/portfolio',
    );
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Our work' }).getAttribute('href')).toBe(
      '/portfolio',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves the testimonials by itself and with the arrows', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const testimonials = page.getByRole('region', { name: 'Client testimonials' });
    await testimonials.scrollIntoViewIfNeeded();
    const track = testimonials.locator('[aria-roledescription="slide"]').first().locator('..');
    const position = () => track.evaluate((element) => getComputedStyle(element).transform);
    const start = await position();
    await expect.poll(position, { timeout: 10_000, interval: 250 }).not.toBe(start);
    const afterAutoplay = await position();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(position, { timeout: 3_000, interval: 100 }).not.toBe(afterAutoplay);
    await context.close();
  });

  it('moves the Who We Are cards with the arrow keys', async () => {
    const { page, context } = await openPage(browser, desktop);
    await page.goto('/');
    const viewport = page.getByRole('region', { name: 'Who We Are' });
    expect(await viewport.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await viewport.getAttribute('tabindex')).toBe('0');
    const track = viewport.locator(':scope > div');
    const transform = () => track.evaluate((element) => getComputedStyle(element).transform);
    // Embla starts after hydration and gives the track its first transform: only then do the keys move it.
    await expect.poll(transform, { timeout: 30_000 }).not.toBe('none');
    const start = await transform();
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => track.evaluate((element) => getComputedStyle(element).transform), { timeout: 3_000 })
      .not.toBe(start);
    await context.close();
  });

  it('stops autoplay for people who prefer reduced motion', async () => {
    const context = await browser.newContext({ viewport: desktop, reducedMotion: 'reduce', baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/');
    const testimonials = page.getByRole('region', { name: 'Client testimonials' });
    const track = testimonials.locator('[aria-roledescription="slide"]').first().locator('..');
    // The carousel starts after the first paint: until then the track has no transform, then the identity one.
    const offset = () => track.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m41);
    const start = await offset();
    await page.waitForTimeout(7_500);
    expect(await offset()).toBe(start);
    // Embla runs (the track has its transform) but draws no Pause button: there is nothing playing to pause.
    await testimonials.scrollIntoViewIfNeeded();
    await expect
      .poll(() => track.evaluate((element) => getComputedStyle(element).transform), { timeout: 15_000 })
      .not.toBe('none');
    expect(await page.getByRole('button', { name: /^(Pause|Play) Client testimonials$/ }).count()).toBe(0);
    await context.close();
  });
});
