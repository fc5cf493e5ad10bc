import type { Browser } from 'playwright-core';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termSlug } from '../../src/domain/term-slug.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, openPage } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function aTag(): Promise<string> {
  const posts = (await (await fetch(`${baseURL()}/api/blogs?limit=100`)).json()) as BlogPost[];
  const tag = posts.flatMap((post) => post.tags)[0];
  if (tag === undefined) throw new Error('No published post has a tag.');
  return tag;
}

describe('archive pages in the browser', () => {
  it('hydrate a tag archive and keep its posts', async () => {
    const { page, context, errors } = await openPage(browser);
    const tag = await aTag();
    const response = await page.goto(`/blog/tag/${termSlug(tag)}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe(`Posts tagged “${tag}”`);
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['spelled with a space', '/blog/tag/Local%20SEO'],
    ['longer than a tag may be', `/blog/category/${'a'.repeat(61)}`],
    ['with replacement patterns', `/blog/tag/x${'%24%60'.repeat(16)}`],
  ])('show the not-found page for a name %s, before and after the app starts', async (_case, path) => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('We couldn’t find that page');
    expect(await page.title()).toBe('Page not found | Northbeam');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });
});
