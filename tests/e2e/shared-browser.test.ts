import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { baseURL } from './page-helpers.ts';

/** The process id of the Chromium that `browser` drives, as Chromium itself reports it. */
async function browserProcessId(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await session.detach();
  return processInfo.find((process) => process.type === 'browser')!.id;
}

const opened: Browser[] = [];
afterAll(() => Promise.all(opened.map((browser) => browser.close())));

describe('the browser tests of a run', () => {
  it("connect to the run's one Chromium instead of each starting its own", async () => {
    expect(inject('browserEndpoint')).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//);
    const [first, second] = await Promise.all([launchBrowser(), launchBrowser()]);
    opened.push(first, second);
    expect(await browserProcessId(first)).toBe(await browserProcessId(second));
  });

  it('keep it running when one test file closes its connection', async () => {
    const [leaving, staying] = await Promise.all([launchBrowser(), launchBrowser()]);
    opened.push(staying);
    const left = await leaving.newPage();
    await left.goto(`${baseURL()}/`);
    await leaving.close();
    const page = await staying.newPage();
    await page.goto(`${baseURL()}/`);
    expect(await page.locator('h1').count()).toBeGreaterThan(0);
  });
});
