import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { baseURL, desktop, openPage, phone, seriousViolations, untilHydrated } from './page-helpers.ts';

let browser: Browser;
let postPath: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const posts = (await (await fetch(`${baseURL()}/api/blogs?limit=1`)).json()) as { slug: string }[];
  postPath = `/blogs/${posts[0]!.slug}`;
});
afterAll(() => browser?.close());

const noHorizontalScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as const)('the newsletter signup on a %s', (_, viewport) => {
  it('with JavaScript, on /blog: a problem beside the address, then "Check your inbox" without a reload; axe clean', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto('/blog?utm_source=e2e');
    const form = page.locator('form[action="/api/subscribers"]');
    const send = form.getByRole('button', { name: 'Subscribe' });
    await untilHydrated(send);
    await send.scrollIntoViewIfNeeded();
    await form.getByLabel(/E-mail/).fill('not-an-address');
    await send.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel(/E-mail/).fill(`reader-${viewport.width}@example.com`);
    await form.getByRole('checkbox').check();
    await send.click();
    const status = page.getByRole('status');
    await status.getByText('Check your inbox').waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog');
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, at the end of a post: one more button, then the check-your-inbox page', async () => {
    const context = await browser.newContext({ viewport, baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(postPath);
    const form = page.locator('#newsletter form[action="/api/subscribers"]');
    await form.getByLabel(/E-mail/).fill(`plain-${viewport.width}@example.com`);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'One more step: confirm your signup' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/newsletter/check-your-inbox');
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await context.close();
  });
});
