/** Launches Debian's Chromium through Playwright: no browser download is possible on our machines. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

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

export function launchBrowser(): Promise<Browser> {
  if (!chromiumPath)
    throw new Error(
      "Chromium is missing: run `bash scripts/ensure-chromium.sh` (as root it installs Debian's package).",
    );
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}
