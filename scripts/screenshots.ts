/**
 * Screenshots of pages at a phone and a desktop width, for looking at what we build:
 * `npm run screenshots -- http://127.0.0.1:3000 / /about` writes PNGs to test-results/screenshots.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/browser.ts';

const [origin = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const outDir = 'test-results/screenshots';
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`console error on ${page.url()}: ${message.text()}`);
  });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    // Scroll through the page as a reader would, so that lazy images load before the picture is taken.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(60);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    const name = `${outDir}/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
