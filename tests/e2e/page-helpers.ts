import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { fileServer } from './test-server.ts';

/** The address of this test file's own server (file-server.ts). */
export const baseURL = () => fileServer().base;
/** The data folder of this test file's own server. */
export const dataDir = () => fileServer().dataDir;

export const phone = { width: 375, height: 812 };
export const desktop = { width: 1280, height: 900 };

/** A page that records every console error and failed request, so a test can assert there were none. */
export async function openPage(
  browser: Browser,
  viewport = desktop,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await visitorContext(browser, viewport);
  return { ...(await pageWithErrors(context)), context };
}

/**
 * A browser context of a visitor who asked to save data: the router fetches no link in view ahead at idle time, so
 * what a page asks of the API is what the test does. Tests of that prefetch say otherwise (configurable, to be
 * defined again).
 */
export async function visitorContext(browser: Browser, viewport = desktop): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: baseURL(), acceptDownloads: true });
  await context.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
      configurable: true,
    }),
  );
  return context;
}

/** A new page of the context that records every console error and failed request, as `openPage`'s does. */
export async function pageWithErrors(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { page, errors };
}

/**
 * Waits until the app owns the server's markup. The app starts after the first paint and idle time, so a control
 * clicked before then has no handler yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('#root[data-app="started"]', { state: 'attached' });
}

/**
 * The API requests the page makes from now on, as a list that fills as they go: a page the server rendered whole
 * asks for nothing. The page view beacon (src/stats/beacon.ts) sends to the API and reads nothing from it.
 */
export function apiReads(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/collect') calls.push(request.url());
  });
  return calls;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Serious and critical accessibility violations that axe-core finds on the page as it is now. Only violations are
 * gathered in full (`resultTypes`): axe then lists one element, not every element, of the rules that passed or did
 * not apply, which no test reads; every rule still runs on every element.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe reads colours as they are painted now: a transition under way (a button turning from outlined to filled as it
  // changes from Pause to Resume) would be measured halfway. Finite transitions and animations end first.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished),
    ),
  );
  // Evaluated through the DevTools protocol, which our CSP (no inline scripts) does not block; once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Waits until the app owns an element of the server's markup, so a click on it reaches its handler: the app starts
 * after first paint, and a click before that is a click on plain HTML. Each section hydrates on its own, and the app
 * marks the root only once every section has.
 */
export async function untilHydrated(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'attached' });
  await hydrated(locator.page());
}

/** Waits until every CSS transition and animation running on the page now has finished (a hover's colour, say). */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Waits for the page to draw two more frames: what an input event changes has been laid out and painted. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Moves focus with Tab alone until it reaches the control, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The bytes of a finished download. The run's one Chromium is connected to remotely, where a download has no local
 * path: it is saved into a folder of its own, read and removed.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'northbeam-download-'));
  try {
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
