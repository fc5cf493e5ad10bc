import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { expectServerMarkupKept, headSummary, recordServerMarkup } from './hydration-checks.ts';
import {
  apiReads,
  baseURL,
  hydrated,
  openPage,
  pageWithErrors,
  phone,
  seriousViolations,
  visitorContext,
} from './page-helpers.ts';

const routes = JSON.parse(readFileSync('dist/client/routes.json', 'utf8')) as string[];
const site = JSON.parse(readFileSync('content/site.json', 'utf8')) as { services: { route: string }[] };
const serviceRoutes = site.services.map((service) => service.route);

/** A service page: three or more numbered offerings of four or five points each, and its Why Choose grid. */
async function showsOfferingsAndWhyChoose(page: Page): Promise<void> {
  const offerings = page.locator('main ol').first();
  const count = await offerings.locator(':scope > li').count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < count; index += 1) {
    const bullets = await offerings.locator(':scope > li').nth(index).locator('ul > li').count();
    expect(bullets === 4 || bullets === 5).toBe(true);
  }
  const whyChoose = page.getByRole('heading', { level: 2, name: /Why Choose/i });
  expect(await whyChoose.count()).toBe(1);
  expect(await page.getByRole('heading', { level: 2, name: 'Our Services' }).count()).toBe(1);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('every public route', () => {
  it('has the 27 public routes of the specification and the three pages the forms lead to', () => {
    expect(routes).toHaveLength(30);
    expect(routes).toEqual(
      expect.arrayContaining(['/contact/thank-you', '/work-with-us/thank-you', '/newsletter/check-your-inbox']),
    );
  });

  // One visit a route for everything a first load proves: its heading; its hydration without an error or an API
  // request (the server's HTML is complete), keeping every server element and its text and its head as sent; axe;
  // and on a service page its offerings. Each visit is a page of its own in one visitor's context, as a visitor
  // going from page to page: the site's hashed scripts and styles come from the browser's cache after the first.
  let visitor: BrowserContext;
  beforeAll(async () => {
    visitor = await visitorContext(browser);
  });
  afterAll(() => visitor?.close());

  it.each(routes)(
    '%s renders its heading, hydrates keeping every server element, its text and its head as sent, with no console error, no API request and no serious accessibility violation',
    async (route) => {
      const { page, errors } = await pageWithErrors(visitor);
      const apiCalls = apiReads(page);
      await recordServerMarkup(page);
      const response = await page.goto(route);
      const headAsSent = await headSummary(page);
      expect(response?.status()).toBe(200);
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      expect(await h1.count()).toBe(1);
      expect(await page.title()).not.toBe('');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(apiCalls).toEqual([]);
      await expectServerMarkupKept(page, headAsSent);
      expect(await seriousViolations(page)).toEqual([]);
      if (serviceRoutes.includes(route)) await showsOfferingsAndWhyChoose(page);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  describe('at 375 px', () => {
    let phoneVisitor: BrowserContext;
    beforeAll(async () => {
      phoneVisitor = await visitorContext(browser, phone);
    });
    afterAll(() => phoneVisitor?.close());

    it.each(['/', '/seo', '/portfolio', '/privacy-policy'])(
      '%s has no serious accessibility violation at 375 px',
      async (route) => {
        const { page } = await pageWithErrors(phoneVisitor);
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await page.close();
      },
    );
  });
});

describe('service pages', () => {
  it('are among the routes visited above, each showing its numbered offerings and its Why Choose grid', () => {
    expect(serviceRoutes.length).toBeGreaterThan(0);
    expect(routes).toEqual(expect.arrayContaining(serviceRoutes));
  });

  it.each([
    ['/video-shoots', '/influencer-marketing'],
    ['/website-development', '/digital-strategy-and-planning'],
  ])('%s shows the same content as %s under its own title', async (reused, source) => {
    const { page, context } = await openPage(browser);
    await page.goto(source);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const sourceText = await page.locator('main').innerText();
    const sourceTitle = await page.title();
    await page.goto(reused);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('main').innerText()).toBe(sourceText);
    expect(await page.title()).not.toBe(sourceTitle);
    await context.close();
  });
});

describe('other routes', () => {
  it('answers /blog-detail with a permanent redirect to /blog', async () => {
    const response = await fetch(`${baseURL()}/blog-detail`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, baseURL()).pathname).toBe('/blog');
  });

  it('shows a real not-found page with status 404 for an unknown path', async () => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: /couldn.t find that page/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });
});
