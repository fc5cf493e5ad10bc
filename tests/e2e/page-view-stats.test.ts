import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/store/database.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, dataDir, desktop, hydrated } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('page view statistics', () => {
  it('count the first load and each client-side navigation, after the flush, with no console error', async () => {
    // A User-Agent of its own makes this browser a visitor of its own (and not "HeadlessChrome", which is a bot's).
    const marker = randomUUID();
    const context = await browser.newContext({
      viewport: desktop,
      baseURL: baseURL(),
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${marker}`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/collect')) beacons.push(request.postData() ?? '');
    });

    // The visitor gets the home page kept without any campaign; the beacon reads the campaign from the address.
    await context.request.get('/');
    const served = await page.goto(`/?utm_source=e2e&utm_campaign=${marker}`);
    expect(await served!.text()).not.toContain(marker);
    await hydrated(page);
    await expect.poll(() => beacons.length).toBe(1);
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => beacons.length).toBe(2);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(JSON.parse(beacons[0]!)).toEqual({ path: '/', utm_source: 'e2e', utm_campaign: marker });
    expect(JSON.parse(beacons[1]!)).toEqual({ path: '/about' });

    const db = openDatabase({ dataDir: dataDir() });
    try {
      // Written at the collector's next flush, within a second or so.
      await expect
        .poll(
          async () => {
            const entry = await db
              .selectFrom('stats_views')
              .select('visit_id')
              .where('utm_campaign', '=', marker)
              .executeTakeFirst();
            if (entry === undefined) return [];
            const views = await db
              .selectFrom('stats_views')
              .select(['path', 'entry', 'utm_source'])
              .where('visit_id', '=', entry.visit_id)
              .orderBy('id')
              .execute();
            return views.map((view) => ({ ...view, entry: Number(view.entry) }));
          },
          { timeout: 10_000, interval: 200 },
        )
        .toEqual([
          { path: '/', entry: 1, utm_source: 'e2e' },
          { path: '/about', entry: 0, utm_source: null },
        ]);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
