import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every screen of the admin, each with its page heading to wait for. */
const screens: [path: string, heading: string][] = [
  ['/admin', 'Dashboard'],
  ['/admin/posts', 'Posts'],
  ['/admin/media', 'Media'],
  ['/admin/stats', 'Stats'],
  ['/admin/activity', 'Activity'],
  ['/admin/sections', 'Sections'],
  ['/admin/security', 'Security'],
  ['/admin/blog/new', 'New post'],
];

describe('the admin on a narrow screen', () => {
  it.each([320, 375])(
    'never scrolls sideways at %i px, on any screen',
    async (width) => {
      const { page, close, errors } = await signedIn(browser, { width, height: 740 });
      const post = await createPost(page, {
        title: 'A post with a rather long title to show on a narrow screen',
        slug: uniqueSlug('narrow-screen'),
        content: '<p>Short.</p>',
      });
      const all = [...screens, [`/admin/blog/edit/${post._id}`, 'Edit post'] as [string, string]];
      const overflowing: string[] = [];
      for (const [path, heading] of all) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The slowest part of a screen (its list, its chart) has come in once nothing is loading any more.
        await expect
          .poll(() =>
            page
              .getByRole('status')
              .filter({ hasText: /^Loading/ })
              .count(),
          )
          .toBe(0);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth} px wide`);
      }
      expect(overflowing).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    },
    120_000,
  );
});
