import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import { launchBrowser } from './browser.ts';
import { hydrated, openPage, seriousViolations } from './page-helpers.ts';

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
