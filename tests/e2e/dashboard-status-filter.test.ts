import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const filters = (page: Page) => page.getByRole('navigation', { name: 'Filter posts by status' });

describe('the dashboard’s status filter', () => {
  it('offers All, Drafts, Scheduled and Published, where Published is live only and Scheduled is dated later', async () => {
    const { page, close, errors } = await signedIn(browser);
    const nextYear = new Date().getFullYear() + 1;
    const later = `Out next year ${uniqueSlug('x')}`;
    const live = `Out already ${uniqueSlug('x')}`;
    const draft = `Not out ${uniqueSlug('x')}`;
    await createPost(page, {
      title: later,
      slug: uniqueSlug('out-next-year'),
      content: '<p>Soon.</p>',
      status: 'published',
      publishedAt: `${nextYear}-03-01T09:00:00Z`,
    });
    await createPost(page, {
      title: live,
      slug: uniqueSlug('out-already'),
      content: '<p>Now.</p>',
      status: 'published',
    });
    await createPost(page, { title: draft, slug: uniqueSlug('not-out'), content: '<p>Later.</p>' });
    await page.reload();
    // The dashboard is drawn in the browser: wait for it before reading the filter's links.
    await card(page, later).waitFor();

    expect(await filters(page).getByRole('link').allTextContents()).toEqual([
      'All',
      'Drafts',
      'Scheduled',
      'Published',
      'Archived',
    ]);
    await card(page, later).waitFor();
    expect(await card(page, later).textContent()).toContain(`Scheduled · 01 Mar ${nextYear}`);

    await filters(page).getByRole('link', { name: 'Published' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'published');
    await card(page, live).waitFor();
    // The list shown before stays until the filtered one has come.
    await card(page, later).waitFor({ state: 'detached' });
    expect(await card(page, later).count()).toBe(0);
    expect(await card(page, draft).count()).toBe(0);
    expect(await filters(page).getByRole('link', { name: 'Published' }).getAttribute('aria-current')).toBe('page');

    await filters(page).getByRole('link', { name: 'Scheduled' }).click();
    await card(page, later).waitFor();
    await card(page, live).waitFor({ state: 'detached' });
    expect(await card(page, live).count()).toBe(0);

    await filters(page).getByRole('link', { name: 'Drafts' }).click();
    await card(page, draft).waitFor();
    expect(await card(page, later).count()).toBe(0);
    expect(await card(page, live).count()).toBe(0);

    // The posts table offers the same choice, with the same meaning.
    await page.goto('/admin/posts?status=published');
    await page.getByRole('link', { name: live, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: later, exact: true }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('scheduled');
    await page.getByRole('button', { name: 'Show posts' }).click();
    await page.getByRole('link', { name: later, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: live, exact: true }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
