/**
 * The admin's Stats page against the real API: page views sent as the public pages' beacon sends them are counted,
 * drawn as a chart by the chart library, listed, and the page stays accessible on a phone and a desktop.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsReport } from '../../src/content/types.gen.ts';
import { callApi, signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, downloadedBytes, phone, seriousViolations } from './page-helpers.ts';

// A visitor's desktop browser: the headless one that runs these tests is a bot to the counter, and is signed in.
const visitorAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const campaign = `e2e-stats-${Date.now().toString(36)}`;

async function sendPageView(path: string): Promise<void> {
  const response = await fetch(`${baseURL()}/api/collect`, {
    method: 'POST',
    // What a browser sends with a beacon from one of the site's pages.
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': visitorAgent, origin: baseURL() },
    body: JSON.stringify({ path, referrer: 'https://www.example-search.test/?q=agency', utm_campaign: campaign }),
  });
  expect(response.status).toBe(202);
}

/** How many pixels of the canvas are painted in the visitors' line colour (#2540d9). */
function linePixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const { data } = canvasElement.getContext('2d')!.getImageData(0, 0, canvasElement.width, canvasElement.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [red, green, blue, alpha] = [data[index]!, data[index + 1]!, data[index + 2]!, data[index + 3]!];
      if (alpha > 200 && Math.abs(red - 0x25) < 30 && Math.abs(green - 0x40) < 30 && Math.abs(blue - 0xd9) < 30)
        count++;
    }
    return count;
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the Stats page', () => {
  it('draws the counted page views as a chart, lists where they came from, and is axe clean at 1280 and 375 px', async () => {
    for (const path of ['/', '/seo', '/seo', '/blog']) await sendPageView(path);
    const { page, errors, close } = await signedIn(browser);
    const today = new Date().toISOString().slice(0, 10);
    // The collector writes its buffer every second.
    await expect
      .poll(
        async () =>
          (await callApi<StatsReport>(page, 'GET', `/api/stats?from=${today}&to=${today}`)).body.campaigns.find(
            (row) => row.key === campaign,
          )?.visits,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('link', { name: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?range=7d');
    const chart = page.getByRole('img', { name: /^Daily visitors and page views from/ });
    await chart.locator('canvas').waitFor();
    await expect.poll(() => linePixels(chart.locator('canvas'))).toBeGreaterThan(50);
    await page
      .getByRole('group', { name: 'Campaigns' })
      .getByRole('row', { name: new RegExp(campaign) })
      .waitFor();
    await expect
      .poll(() => page.getByRole('group', { name: 'Sources' }).textContent())
      .toContain('example-search.test');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = (await downloadedBytes(await download)).toString('utf8');
    expect(csv.split(/\r?\n/, 1)[0]).toBe(
      '\ufeffbreakdown,key,visitors,visits,page_views,enquiries,applications,subscriptions,conversion_rate',
    );
    expect(csv).toContain(campaign);

    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByRole('table', { name: 'Visitors, visits and page views per day' });
    expect(await table.getByRole('row').count()).toBe(8);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(phone);
    await expect.poll(() => linePixels(chart.locator('canvas'))).toBeGreaterThan(50);
    expect(
      await chart.locator('canvas').evaluate((canvas) => canvas.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
