/**
 * Launches Debian's Chromium through Playwright: no browser download is possible on our machines. The browser tests
 * drive Debian's headless shell (package chromium-headless-shell: the same Chromium without the browser's own UI
 * layer, which Playwright itself uses for headless runs) at half the CPU; Lighthouse, the benchmarks and the
 * screenshots use the whole browser, as visitors do (decision 0026).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const headlessShellPath = ['/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function executablePath(path = chromiumPath): string {
  if (!path)
    throw new Error(
      "Chromium is missing: run `bash scripts/ensure-chromium.sh` (as root it installs Debian's packages).",
    );
  return path;
}

/** True when the browser tests can run: a Chromium they can drive is installed. */
export const testBrowserInstalled = (headlessShellPath ?? chromiumPath) !== undefined;

/** One Chromium for a whole run of the browser tests, which each test file connects to (global-setup.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: executablePath(headlessShellPath ?? chromiumPath),
    args: chromiumArgs,
    headless: true,
  });
}

/** The address of the run's shared Chromium, inside a Vitest run of the browser tests that started one. */
async function sharedBrowserEndpoint(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('browserEndpoint') || undefined;
}

/**
 * A browser: a connection to the run's shared Chromium when there is one, or a Chromium of its own. Closing it
 * closes the contexts it opened (and, when it was connected, only disconnects: the next test file connects again).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await sharedBrowserEndpoint();
  if (endpoint !== undefined) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: executablePath(), args: chromiumArgs, headless: true });
}
