import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, signedIn, uniqueSlug } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, desktop, hydrated, openPage, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A word no seeded or other test post has, so the results are exactly this file's posts. */
const word = `kelp${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const best = `The ${word} handbook`;
const passing = 'Notes from the tide pools';
const published = { status: 'published' as const, publishedAt: '2025-04-01T09:00:00Z' };

beforeAll(async () => {
  const { page, close } = await signedIn(browser);
  await createPost(page, {
    ...published,
    title: best,
    slug: uniqueSlug('handbook'),
    summary: `Everything about ${word}: where ${word} grows and how to dry it.`,
    // Holds the words of the syntax tests below too (near, or, and, not, title, s): each is searched as a word.
    content: `<p>${word} forests shelter fish. Harvest ${word} near the shore at low tide, and not in storms, or not at all. The ${word}'s title as the quiet crop of the sea is earned.</p>`,
  });
  await createPost(page, {
    ...published,
    title: passing,
    slug: uniqueSlug('tide-pools'),
    summary: 'Crabs, anemones and a quiet morning.',
    content: `<p>Crabs hid under stones. Somewhere further out, a strand of ${word} drifted by.</p>`,
  });
  await createPost(page, {
    ...published,
    title: 'Nothing to do with the sea',
    slug: uniqueSlug('unrelated'),
    content: '<p>Budgets, spreadsheets and quarterly plans.</p>',
  });
  await close();
});

/** The cards of the listing's results (the page shows other articles above it). */
const results = (page: Page) => page.locator('section[aria-labelledby="post-list-heading"] article');

async function withoutScripts(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: desktop, baseURL: baseURL(), javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

describe('searching the blog without JavaScript', () => {
  it('submits the search form and gets server-rendered results, best first, with the words marked', async () => {
    const { page, close } = await withoutScripts();
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.searchParams.get('q') === word);

    await page.getByRole('heading', { name: `2 posts match “${word}”.` }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search the blog' }).inputValue()).toBe(word);
    const articles = results(page);
    expect(await articles.locator('h2, h3').allTextContents()).toEqual([best, passing]);
    const marked = await articles.first().locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThanOrEqual(3);
    expect(marked.every((text) => text.toLowerCase() === word)).toBe(true);
    expect(await articles.nth(1).locator('mark').count()).toBe(0);
    await page.getByRole('link', { name: 'Show all posts' }).waitFor();
    const searchedUrl = page.url();
    await close();

    // With scripts, the page hydrates to the same results, and axe (which needs scripts) finds nothing serious.
    const { page: scripted, context, errors } = await openPage(browser);
    await scripted.goto(searchedUrl);
    await scripted.waitForLoadState('networkidle');
    expect(await results(scripted).locator('h2, h3').allTextContents()).toEqual([best, passing]);
    expect(await results(scripted).first().locator('mark').count()).toBe(marked.length);
    expect(await seriousViolations(scripted)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    `"${word}`,
    `${word}*`,
    `${word} NEAR tide`,
    `NEAR(${word} tide)`,
    `-${word}`,
    `${word} OR`,
    `title:${word}`,
    `(${word}`,
    `^${word} AND NOT`,
    `${word}'s`,
  ])('searches %s as words of text and finds the post', async (query) => {
    const { page, close } = await withoutScripts();
    const response = await page.goto(`/blog?q=${encodeURIComponent(query)}`);
    expect(response?.status()).toBe(200);
    expect(await results(page).first().locator('h2, h3').textContent()).toBe(best);
    expect(await page.getByText('could not be loaded').count()).toBe(0);
    await close();
  });

  it.each(['"', '*', '-', 'NEAR(', '"" AND ""', '***', `${word}zzz "unclosed`])(
    'answers %s with results or an empty state, never an error',
    async (query) => {
      const { page, close } = await withoutScripts();
      const response = await page.goto(`/blog?q=${encodeURIComponent(query)}`);
      expect(response?.status()).toBe(200);
      const cards = await results(page).count();
      if (cards === 0) await page.getByText(`No posts match “${query.trim()}”.`).waitFor();
      expect(await page.getByText('could not be loaded').count()).toBe(0);
      const api = await fetch(`${baseURL()}/api/blogs?q=${encodeURIComponent(query)}`);
      expect(api.status).toBe(200);
      await close();
    },
  );
});

/** Where the results' heading is in the window: its top, and whether the window shows it whole. */
function headingPlace(page: Page) {
  return page.locator('#search-results').evaluate((heading) => {
    const box = heading.getBoundingClientRect();
    return { top: box.top, inView: box.top >= 0 && box.bottom <= window.innerHeight };
  });
}

describe('landing on the results', () => {
  it('scrolls a phone to the results and focuses their heading, which counts the static articles too', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/blog');
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Search the blog' });
    await box.fill('Kotler');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Kotler');
    const heading = page.getByRole('heading', { name: /posts? match(es)? “Kotler”/ });
    await heading.waitFor();
    await hydrated(page);
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const place = await headingPlace(page);
    expect(place.inView).toBe(true);
    expect(place.top).toBeLessThan(phone.height / 2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const article = results(page).getByRole('link', { name: /Negative Demand in Marketing/ });
    expect(await article.getAttribute('href')).toBe('/negative-marketing-demands');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lands on the results without JavaScript too', async () => {
    const context = await browser.newContext({ viewport: phone, baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByRole('heading', { name: `2 posts match “${word}”.` }).waitFor();
    expect((await headingPlace(page)).inView).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await context.close();
  });
});
