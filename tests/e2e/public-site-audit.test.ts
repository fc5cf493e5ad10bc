/**
 * The public site against the audit's findings: complete first HTML that hydrates without errors or a refetch
 * on every route, structured data, robots rules, the portfolio's link and its reel's Pause/Play button.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastChanged } from '../../scripts/lib/content-dates.ts';
import { repoRoot } from '../../scripts/lib/content.ts';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { launchBrowser } from './browser.ts';
import { apiReads, baseURL, hydrated, openPage } from './page-helpers.ts';

const routes = JSON.parse(readFileSync('dist/client/routes.json', 'utf8')) as string[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface PublishedPost {
  slug: string;
  title: string;
  author: string;
  authorSlug?: string | null;
}

async function publishedPosts(): Promise<PublishedPost[]> {
  return (await (await fetch(`${baseURL()}/api/blogs?limit=100`)).json()) as PublishedPost[];
}

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
}

describe('hydration', () => {
  // Every route of the build is visited once for this and more in public-pages.test.ts; here, a seeded post.
  it('a post hydrates without errors and asks the API for nothing', async () => {
    // A seeded post: posts written by other browser tests may hold deliberately broken images.
    const { page, context, errors } = await openPage(browser);
    const apiCalls = apiReads(page);
    await page.goto(`/blogs/${examplePosts[0]!.slug}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(apiCalls).toEqual([]);
    await context.close();
  });

  it('keeps client-side navigation after hydration', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our work' }).click();
    await page.waitForURL('**/portfolio');
    // The address changes first; the page follows when its chunk has rendered, inside a transition.
    await page.getByRole('heading', { level: 1, name: 'Our Work' }).waitFor();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the home page', () => {
  it('holds the three latest posts in its first HTML', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const posts = await publishedPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts.slice(0, 3)) expect(html).toContain(`/blogs/${post.slug}`);
    if (posts[3]) expect(html).not.toContain(`/blogs/${posts[3].slug}"`);
  });

  it('links the portfolio from its content and from the footer', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/about');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Our work' });
    expect(await footerLink.getAttribute('href')).toBe('/portfolio');
    await page.goto('/');
    expect(await page.getByRole('main').getByRole('link', { name: 'See our portfolio' }).getAttribute('href')).toBe(
      '/portfolio',
    );
    await context.close();
  });
});

describe('structured data, robots and sitemap', () => {
  it('gives the Organization its ISO country code, and no page an empty JSON-LD block', async () => {
    const home = jsonLdBlocks(await (await fetch(`${baseURL()}/`)).text());
    expect(home).toContainEqual(
      expect.objectContaining({ '@type': 'Organization', address: expect.objectContaining({ addressCountry: 'IN' }) }),
    );
    for (const route of routes) {
      const blocks = jsonLdBlocks(await (await fetch(`${baseURL()}${route}`)).text());
      for (const block of blocks) expect(block, route).not.toEqual([]);
    }
  });

  it('names the Organization, with its URL, as the author of a post signed by the team', async () => {
    // Other tests publish posts of members (the owner among them): take one the team signs, with no author page.
    const post = (await publishedPosts()).find((candidate) => !candidate.authorSlug);
    const [article] = jsonLdBlocks(await (await fetch(`${baseURL()}/blogs/${post!.slug}`)).text()) as {
      author: unknown;
    }[];
    expect(post!.author).toBe('Northbeam Team');
    expect(article!.author).toEqual({ '@type': 'Organization', name: 'Northbeam', url: `${baseURL()}/` });
  });

  it('lists the Disallow rules of robots.txt without a blanket Allow', async () => {
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).not.toMatch(/^Allow:/m);
  });

  it("dates a content page in the sitemap by its document's last change", async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    const lastmod = new RegExp(`<loc>${baseURL()}/about</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    expect(lastmod).toBe(lastChanged(repoRoot, 'content/pages/about.json').toISOString());
  });
});

describe('the portfolio reel', () => {
  it('plays muted and inline on a dark page, with a visible button that pauses it', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/portfolio');
    const video = page.locator('video');
    expect(
      await video.evaluate((element: HTMLVideoElement) => [element.muted, element.loop, element.playsInline]),
    ).toEqual([true, true, true]);
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('main a[href^="mailto:"]').count()).toBeGreaterThanOrEqual(1);
    const background = await page
      .locator('main > div')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(11, 18, 38)');
    await hydrated(page);
    const pause = page.getByRole('button', { name: 'Pause video' });
    await pause.waitFor();
    expect(await pause.isVisible()).toBe(true);
    await pause.click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays still for a visitor who prefers reduced motion, until they press Play', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/portfolio');
    await hydrated(page);
    const video = page.locator('video');
    expect(await page.getByRole('button', { name: 'Play video' }).isVisible()).toBe(true);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await context.close();
  });
});

describe('addresses', () => {
  it.each(['identity', 'gzip', 'br'])('moves /about/ to /about with Accept-Encoding %s', async (encoding) => {
    const response = await fetch(`${baseURL()}/about/`, {
      redirect: 'manual',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about');
  });

  it.each(['/routes.json', '/index.html.br', '/about/index.html.gz', '/.vite/manifest.json'])(
    'does not serve the build file %s',
    async (path) => {
      expect((await fetch(`${baseURL()}${path}`, { headers: { 'accept-encoding': 'br' } })).status).toBe(404);
    },
  );
});
