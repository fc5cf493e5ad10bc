import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createPost, signedIn, uniqueSlug } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, desktop, hydrated, openPage, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
/** A word and a tag no other post has: the search and the archive list exactly this file's 13 posts. */
const word = `paging${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;
const ids: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, close } = await signedIn(browser);
  for (let index = 1; index <= 13; index += 1) {
    const post = await createPost(page, {
      title: `Older and newer ${index}`,
      slug: uniqueSlug('paging'),
      status: 'published',
      publishedAt: `2024-02-${String(index).padStart(2, '0')}T09:00:00Z`,
      tags: [word],
      content: `<p>Post ${index} about ${word}.</p>`,
    });
    ids.push(post._id);
  }
  await close();
});

afterAll(async () => {
  const { page, close } = await signedIn(browser);
  for (const id of ids) await callApi(page, 'DELETE', `/api/blogs/${id}`);
  await close();
  await browser?.close();
});

/** The page links as a reader and a crawler find them: named navigation, each page's link, the current one marked. */
async function pageLinks(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: label });
  const numbers = await nav.locator('ol a').evaluateAll((links) =>
    links.map((link) => ({
      name: link.getAttribute('aria-label'),
      href: link.getAttribute('href'),
      current: link.getAttribute('aria-current'),
    })),
  );
  // Read as they are now, as the numbers are: a page without a previous or next page has no such link, and waiting
  // for one that is not there cost a second each time. One link of each, or none (null), as before.
  const only = (rel: string) =>
    nav.locator(`a[rel="${rel}"]`).evaluateAll((links) => (links.length === 1 ? links[0]!.getAttribute('href') : null));
  return { numbers, previous: await only('prev'), next: await only('next') };
}

/** The head's canonical address and its rel prev/next links. */
async function headLinks(page: Page) {
  return page.evaluate(() => ({
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    prev: document.head.querySelector('link[rel="prev"]')?.getAttribute('href') ?? null,
    next: document.head.querySelector('link[rel="next"]')?.getAttribute('href') ?? null,
    canonicals: document.querySelectorAll('link[rel="canonical"]').length,
  }));
}

async function blogPageCount(): Promise<number> {
  const total = Number((await fetch(`${baseURL()}/api/blogs?limit=1`)).headers.get('x-total-count'));
  return Math.ceil(total / 6);
}

describe('the blog’s page links', () => {
  for (const viewport of [phone, desktop]) {
    it(`are in the first HTML of /blog at ${viewport.width} px, and lead to page 2 without JavaScript`, async () => {
      const context = await browser.newContext({ viewport, baseURL: baseURL(), javaScriptEnabled: false });
      const page = await context.newPage();
      const pages = await blogPageCount();
      expect(pages).toBeGreaterThanOrEqual(3);
      await page.goto('/blog');
      const first = await pageLinks(page, 'Blog pages');
      expect(first.numbers).toHaveLength(pages);
      expect(first.numbers[0]).toEqual({ name: 'Page 1', href: '/blog', current: 'page' });
      expect(first.numbers[1]).toEqual({ name: 'Page 2', href: '/blog?page=2', current: null });
      expect(first).toMatchObject({ previous: null, next: '/blog?page=2' });
      expect(await headLinks(page)).toEqual({
        canonical: `${baseURL()}/blog`,
        prev: null,
        next: `${baseURL()}/blog?page=2`,
        canonicals: 1,
      });

      await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL('**/blog?page=2');
      const second = await pageLinks(page, 'Blog pages');
      expect(second.numbers[1]).toEqual({ name: 'Page 2', href: '/blog?page=2', current: 'page' });
      expect(second).toMatchObject({ previous: '/blog', next: '/blog?page=3' });
      expect(await headLinks(page)).toEqual({
        canonical: `${baseURL()}/blog?page=2`,
        prev: `${baseURL()}/blog`,
        next: `${baseURL()}/blog?page=3`,
        canonicals: 1,
      });
      expect(await page.title()).toMatch(/, page 2$/);
      // The navigation fits the phone's width: no page link is pushed off screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  it('stay after the app starts, and move to the next page and its canonical address on the client', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/blog');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Blog pages' });
    expect((await pageLinks(page, 'Blog pages')).numbers[0]).toEqual({
      name: 'Page 1',
      href: '/blog',
      current: 'page',
    });
    await nav.getByRole('link', { name: /Older posts/ }).click();
    await page.waitForURL('**/blog?page=2');
    await nav.getByRole('link', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith('/blog?page=2'),
    );
    expect(await headLinks(page)).toMatchObject({ prev: `${baseURL()}/blog`, canonicals: 1 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('are on a tag’s archive and on search results, in the first HTML and after the app starts', async () => {
    const { page, context, errors } = await openPage(browser, desktop);
    const archive = await page.goto(`/blog/tag/${word}`);
    expect(archive?.status()).toBe(200);
    const archiveLinks = await pageLinks(page, 'Archive pages');
    expect(archiveLinks.numbers.map((link) => link.href)).toEqual([`/blog/tag/${word}`, `/blog/tag/${word}?page=2`]);
    expect(archiveLinks.next).toBe(`/blog/tag/${word}?page=2`);
    await hydrated(page);
    expect((await pageLinks(page, 'Archive pages')).numbers).toEqual(archiveLinks.numbers);

    await page.goto(`/blog?q=${word}`);
    const searchLinks = await pageLinks(page, 'Blog pages');
    expect(searchLinks.numbers.map((link) => link.href)).toEqual([
      `/blog?q=${word}`,
      `/blog?q=${word}&page=2`,
      `/blog?q=${word}&page=3`,
    ]);
    await hydrated(page);
    expect((await pageLinks(page, 'Blog pages')).numbers).toEqual(searchLinks.numbers);
    expect(errors).toEqual([]);
    await context.close();
  });
});
