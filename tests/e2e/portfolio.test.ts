import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, openPage, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const publicFile = (src: string) => readFileSync(`public${src}`, 'utf8');

/** The words an SVG draws as text. */
const drawnText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

const figures = (text: string) => text.match(/\d+(?:\.\d+)?/g) ?? [];

describe('the portfolio says in words what it shows', () => {
  it('describes each result chart with the figures it draws, and captions it with the same figures', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/portfolio');
    const slides = await page.locator('figure:has(img[src*="/results-"])').evaluateAll((figures) =>
      figures.map((figure) => ({
        src: figure.querySelector('img')!.getAttribute('src')!,
        alt: figure.querySelector('img')!.getAttribute('alt')!,
        caption: figure.querySelector('figcaption')?.textContent ?? '',
      })),
    );
    expect(new Set(slides.map((slide) => slide.src)).size).toBe(3);
    for (const slide of slides) {
      const drawn = figures(drawnText(publicFile(slide.src)).join(' '));
      expect(drawn.length, slide.src).toBeGreaterThan(0);
      for (const figure of drawn) expect(figures(slide.alt), `${slide.src} alt`).toContain(figure);
      for (const figure of figures(slide.alt)) expect(figures(slide.caption), `${slide.src} caption`).toContain(figure);
    }
    await context.close();
  });

  it('writes the phone number and the marketing plan as text, and draws no control that does nothing', async () => {
    const { page, context, errors } = await openPage(browser, { width: 375, height: 812 });
    await page.goto('/portfolio');
    await hydrated(page);
    const call = page.locator(`a[href="tel:${site.contact.phone.tel}"]`).first();
    expect(await call.innerText()).toContain(site.contact.phone.display);
    const callImage = await call.locator('img').getAttribute('src');
    expect(drawnText(publicFile(callImage!))).toEqual([]);
    const coveredBy = await call.locator('text=' + site.contact.phone.display).evaluate((element) => {
      const box = element.getBoundingClientRect();
      element.scrollIntoView({ block: 'center' });
      const moved = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(moved.left + 4, moved.top + moved.height / 2)) && box.width > 0;
    });
    expect(coveredBy).toBe(true);

    const plan = page.locator('section', {
      has: page.getByRole('heading', { name: 'A marketing plan you can act on' }),
    });
    expect(await plan.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    expect(await plan.getByRole('listitem').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Goal: /), expect.stringMatching(/^Channel mix: /)]),
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws no play button on the images of the site, where nothing would play', () => {
    const playTriangle = /<path d="M-?\d+ -?\d+l\d+ \d+-\d+ \d+z" fill="#fff"\/>|M-5-8l13 8-13 8z/;
    for (const src of ['/images/journey-map.svg', '/images/portfolio/marketing-plan.svg']) {
      expect(publicFile(src), src).not.toMatch(playTriangle);
    }
  });
});

describe("the portfolio's carousel", () => {
  it('loads its code only once it scrolls near view, then moves with its controls', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const carouselCode: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && /\/assets\/carousel-[^/]*\.js$/.test(request.url()))
        carouselCode.push(request.url());
    });
    await page.goto('/portfolio');
    await hydrated(page);
    // The app has started and the section is far below the fold: its slides are the server's, laid out by CSS.
    expect(carouselCode).toEqual([]);
    const results = page.getByRole('region', { name: 'Campaign results' });
    const track = results.locator('[aria-roledescription="slide"]').first().locator('..');
    expect(await track.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    await results.scrollIntoViewIfNeeded();
    await expect.poll(() => carouselCode.length, { timeout: 15_000 }).toBe(1);
    // Embla starts on the server's markup and gives the track its first transform: then the arrow keys move it.
    const position = () => track.evaluate((element) => getComputedStyle(element).transform);
    await expect.poll(position, { timeout: 15_000 }).not.toBe('none');
    const before = await position();
    await results.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(position, { timeout: 3_000, interval: 100 }).not.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves nothing below it when its code arrives and draws the Pause button, nor for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ viewport: phone, reducedMotion, baseURL: baseURL() });
      const page = await context.newPage();
      await page.goto('/portfolio');
      await hydrated(page);
      const results = page.getByRole('region', { name: 'Campaign results' });
      const pause = page.getByRole('button', { name: /^(Pause|Play) Campaign results$/ });
      const below = page.getByRole('heading', { name: 'A marketing plan you can act on' });
      // Its top in the page, wherever the page is scrolled.
      const top = () => below.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      const track = results.locator('[aria-roledescription="slide"]').first().locator('..');
      const started = () => track.evaluate((element) => getComputedStyle(element).transform !== 'none');
      expect(await started(), reducedMotion).toBe(false);
      expect(await pause.count(), reducedMotion).toBe(0);
      const before = await top();
      await results.scrollIntoViewIfNeeded();
      // Embla running is what draws the button; for reduced motion there is none.
      await expect.poll(started, { timeout: 15_000 }).toBe(true);
      if (reducedMotion === 'no-preference') await pause.waitFor({ timeout: 15_000 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await pause.count(), reducedMotion).toBe(reducedMotion === 'reduce' ? 0 : 1);
      expect(await top(), reducedMotion).toBe(before);
      // The row is the button's height where one is drawn, and reserves nothing where none is.
      const controls = results.locator('xpath=following-sibling::div[1]');
      const height = await controls.evaluate((element) => element.getBoundingClientRect().height);
      expect(height, reducedMotion).toBe(reducedMotion === 'reduce' ? 0 : 44);
      await context.close();
    }
  }, 60_000);

  it('pauses and resumes its autoplay with its Pause button, which is drawn only once it works', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/portfolio');
    await hydrated(page);
    const results = page.getByRole('region', { name: 'Campaign results' });
    const pause = page.getByRole('button', { name: /^(Pause|Play) Campaign results$/ });
    // Before the carousel's code runs there is no button to press, so no press can be lost.
    expect(await pause.count()).toBe(0);
    await results.scrollIntoViewIfNeeded();
    await pause.waitFor({ timeout: 15_000 });
    // The visible word, without the carousel's name that follows it for screen readers.
    const label = () => pause.evaluate((button) => button.firstChild?.textContent?.trim());
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    expect(await label()).toBe('Pause');
    const onTop = () =>
      pause.evaluate((button) => {
        button.scrollIntoView({ block: 'center' });
        const box = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
    expect(await onTop()).toBe(true);
    const track = results.locator('[aria-roledescription="slide"]').first().locator('..');
    const offset = () => track.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m41);
    // Playing: the slides move by themselves (a 4 s delay).
    const start = await offset();
    await expect.poll(offset, { timeout: 10_000, interval: 250 }).not.toBe(start);

    await pause.click();
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true');
    expect(await label()).toBe('Play');
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(1_000);
    const paused = await offset();
    // The pointer passing over the slides and leaving them (which restarts the plugin's hover stop) keeps it paused.
    const box = (await results.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y - 40);
    await page.waitForTimeout(6_000);
    // A slide is over 300 px wide: within a pixel or two is the last scroll settling, not a move.
    expect(Math.abs((await offset()) - paused)).toBeLessThan(2);
    expect(await pause.getAttribute('aria-pressed')).toBe('true');

    expect(await onTop()).toBe(true);
    await pause.click();
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('false');
    expect(await label()).toBe('Pause');
    await expect
      .poll(async () => Math.abs((await offset()) - paused), { timeout: 10_000, interval: 250 })
      .toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
