/**
 * React in the browser takes over the server's HTML, section by section: hydration must keep every
 * server node rather than render a second copy, and client-side navigation must keep the document's head in step.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { launchBrowser } from './browser.ts';
import { expectServerMarkupKept, headSummary, recordServerMarkup } from './hydration-checks.ts';
import { hydrated, openPage } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('hydration of the server HTML', () => {
  // Each route of the build is visited once, with these checks and more, in public-pages.test.ts.
  it.each([`/blogs/${examplePosts[0]!.slug}`, '/no-such-page'])(
    '%s keeps every server element and its text, and its head as sent',
    async (route) => {
      const { page, context, errors } = await openPage(browser);
      await recordServerMarkup(page);
      await page.goto(route);
      const headAsSent = await headSummary(page);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expectServerMarkupKept(page, headAsSent);
      // The document of a path the site does not have answers 404, which Chromium logs.
      expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
      await context.close();
    },
  );
});

describe('the head on client-side navigation', () => {
  it('follows each page: title, description, canonical, Open Graph, robots and JSON-LD, once each', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await hydrated(page);
    const home = await headSummary(page);
    expect(home.jsonLdTypes).toContain('Organization');
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

    await page.getByRole('contentinfo').getByRole('link', { name: 'Our work' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Work' }).waitFor();
    await page.waitForFunction((title) => document.title !== title, home.titles[0]);
    const portfolio = await headSummary(page);
    expect(portfolio).toMatchObject({ canonicals: ['/portfolio'], ogUrls: ['/portfolio'], robots: [], inBody: 0 });
    expect(portfolio.titles).toHaveLength(1);
    expect(portfolio.descriptions).toHaveLength(1);
    expect(portfolio.descriptions).not.toEqual(home.descriptions);
    expect(portfolio.ogTitles).toEqual(portfolio.titles);
    expect(portfolio.jsonLdTypes).not.toContain('Organization');

    // A path the site does not have: its page asks search engines to stay away, and the next page lifts that.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: /couldn.t find that page/ }).waitFor();
    const missing = await headSummary(page);
    expect(missing.robots).toEqual(['noindex']);
    expect(missing.canonicals).toEqual([]);
    expect(missing.titles).toHaveLength(1);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Our Work' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('meta[name="robots"]').length === 0);
    await page.goBack();
    await page.waitForFunction(
      () => new URL(document.querySelector('link[rel="canonical"]')!.getAttribute('href')!).pathname === '/',
    );
    expect(await headSummary(page)).toEqual(home);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
