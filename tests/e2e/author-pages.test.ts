import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, BlogPost } from '../../src/content/types.gen.ts';
import { callApi, createPost, signedIn, uniqueSlug } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { hydrated, openPage, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
let post: BlogPost;
const bio = 'Leads the search team and writes about the local listings that bring customers to the door.';

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await signedIn(browser);
  const me = await callApi<AdminUser>(admin.page, 'GET', '/api/auth/me');
  const changed = await callApi(admin.page, 'PATCH', `/api/users/${me.body._id}`, { bio });
  expect(changed.status).toBe(200);
  post = await createPost(admin.page, {
    title: 'What a listing needs',
    slug: uniqueSlug('author-page'),
    content: '<p>Photos, hours and answers.</p>',
    // Published now, so that it is on the first page of an author whose posts other tests publish too.
    status: 'published',
  });
  await admin.close();
}, 60_000);
afterAll(() => browser?.close());

describe('author pages in the browser', () => {
  it('lead from the byline of a post to the author page, which fits 375 px and is axe clean', async () => {
    expect(post.authorSlug).toBeTruthy();
    const { page, context, errors } = await openPage(browser, phone);
    expect((await page.goto(`/blogs/${post.slug}`))?.status()).toBe(200);
    await hydrated(page);
    const byline = page.locator('article header a[rel="author"]');
    await expect(byline.textContent()).resolves.toBe(post.author);
    await byline.click();
    await page.waitForURL(`**/blog/author/${post.authorSlug}`);
    await page.locator('h1', { hasText: `Posts by ${post.author}` }).waitFor();
    await page.getByRole('link', { name: post.title }).waitFor();
    await expect(page.getByText(bio).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);

    // The same page arriving from the server, before and after the app starts.
    const response = await page.goto(`/blog/author/${post.authorSlug}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe(`Posts by ${post.author}`);
    expect(await page.locator('link[rel="alternate"][href$="/rss.xml"]').last().getAttribute('href')).toBe(
      `/blog/author/${post.authorSlug}/rss.xml`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('show the not-found page for an author who does not exist', async () => {
    const { page, context } = await openPage(browser, phone);
    expect((await page.goto('/blog/author/no-such-author-here'))?.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator('main').textContent()).resolves.toContain(
      'No author with a published post has this address.',
    );
    await context.close();
  });
});
