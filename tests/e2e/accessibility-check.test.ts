import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// White on white, then white on black: readable once the change has ended, white on light grey for most of its way.
const page = (transition: string) => `<!doctype html><html lang="en"><title>Contrast</title>
<style>
  button { color: #fff; background: #fff; border: 0; transition: ${transition}; }
  button.dark { color: #fff; background: #000; }
</style>
<main><h1>Contrast</h1><button type="button">Resume</button></main></html>`;

describe('seriousViolations', () => {
  it('measures colours once a transition under way has ended, not halfway', async () => {
    const tab = await browser.newPage();
    await tab.setContent(page('color 2s linear, background-color 2s linear'));
    await tab.locator('button').evaluate((button) => {
      // The style before the change is computed, so that the change starts a transition from it.
      void getComputedStyle(button).color;
      button.classList.add('dark');
    });
    expect(await seriousViolations(tab)).toEqual([]);
    // axe was injected once and runs again on the same document.
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.close();
  });

  it('still finds colours that end unreadable', async () => {
    const tab = await browser.newPage();
    await tab.setContent(
      page('none').replace(
        'button.dark { color: #fff; background: #000; }',
        'button.dark { color: #777; background: #888; }',
      ),
    );
    await tab.locator('button').evaluate((button) => button.classList.add('dark'));
    expect(await seriousViolations(tab)).toEqual([expect.stringMatching(/^color-contrast: /)]);
    await tab.close();
  });
});
