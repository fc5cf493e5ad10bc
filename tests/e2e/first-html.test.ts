/**
 * What the server sends before any script runs: every public page whole, with no inline script (the CSP refuses
 * them) and no Suspense boundary left for a script to complete; and the scripts a page loads once it has started,
 * none of them the admin's, the editor's or the charts'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePosts } from '../../server/blog/example-posts.ts';
import { site } from '../../src/content/site.ts';
import { termSlug } from '../../src/domain/term-slug.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, hydrated, openPage } from './page-helpers.ts';

const routes = JSON.parse(readFileSync('dist/client/routes.json', 'utf8')) as string[];
const post = examplePosts.find((candidate) => candidate.tags?.length && candidate.categories?.length)!;
const publicPages = [
  ...routes,
  `/blogs/${post.slug}`,
  `/blog/tag/${termSlug(post.tags![0]!)}`,
  `/blog/category/${termSlug(post.categories![0]!)}`,
  '/blog?q=seo',
];

/** Each script element of the HTML, as its opening tag, and whether it has text inside. */
function scriptElements(html: string): { tag: string; inline: boolean }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].map((match) => ({
    tag: match[1]!,
    inline: match[2]!.trim().length > 0,
  }));
}

/** A script the page may carry: its own module entry by address, or a block of JSON data, never code inline. */
function isAllowed({ tag, inline }: { tag: string; inline: boolean }): boolean {
  if (/type="application\/(?:ld\+)?json"/.test(tag)) return true;
  return !inline && /type="module"/.test(tag) && /src="\/assets\/[^"]+\.js"/.test(tag);
}

describe('the first HTML of every public page', () => {
  it.each(publicPages)('%s holds no script but its own and its JSON data, and no pending boundary', async (path) => {
    const response = await fetch(`${baseURL()}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const scripts = scriptElements(html);
    expect(scripts.filter((script) => !isAllowed(script)).map((script) => script.tag)).toEqual([]);
    expect(scripts.filter((script) => /type="module"/.test(script.tag))).toHaveLength(1);
    // `<!--$?-->` waits for a script to fill it in, `<!--$!-->` for the browser to render it instead.
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html).not.toMatch(/\$RC|\$RS|<template id="[BPS]:/);
  });

  // Chrome opens six connections to a host over HTTP/1.1: first paint waits a round trip more for a seventh stylesheet.
  it.each(publicPages)("%s links two stylesheets: the first script's and the site's", async (path) => {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/assets\/([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(stylesheets.map((file) => file.replace(/-[\w-]{8}\.css$/, ''))).toEqual(['index', 'site-styles']);
  });

  // The logo is never a page's largest paint: preloaded, it took the network from a post's cover, which is.
  it.each(publicPages)("%s asks for the header's logo at low priority, without preloading it", async (path) => {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    const { src } = site.brand.logo;
    expect(html).toMatch(new RegExp(`<header[^>]*>.*?<img src="${src}"[^>]* fetchpriority="low"`, 'is'));
    expect(html).not.toMatch(new RegExp(`<link rel="preload" as="image" href="${src}"`));
  });

  it("preloads a post's cover, its largest paint, at high priority before the body", async () => {
    const html = await (await fetch(`${baseURL()}/blogs/${post.slug}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Attribute names in any case: the critical CSS pass writes the document again (fetchpriority).
    expect(head.toLowerCase()).toMatch(
      new RegExp(`<link rel="preload" as="image" href="${post.coverImage!.toLowerCase()}" fetchpriority="high"/?>`),
    );
  });

  it('tells a script it may not carry from the ones it may', () => {
    const html =
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-a1.js"></script>' +
      '<script type="application/json" id="app-state">{"a":1}</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script>$RC("B:0","S:0")</script><script src="/assets/other.js"></script>';
    expect(scriptElements(html).map(isAllowed)).toEqual([true, true, true, false, false]);
  });
});

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The build's files that hold the admin's code (its pages, the editor, the charts) and what only they import. */
function adminFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;
  const isAdmin = (key: string) => /^src\/admin\/|@tiptap|prosemirror|uplot|lowlight/.test(key);
  return new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => isAdmin(key) || isAdmin(chunk.src ?? ''))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

describe('the scripts of public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('finds the admin, the editor and the charts in the build', () => {
    const files = [...adminFiles()];
    expect(files.some((file) => file.includes('admin-pages'))).toBe(true);
    expect(files.some((file) => file.includes('editor-pages'))).toBe(true);
    expect(files.some((file) => file.includes('series-chart'))).toBe(true);
  });

  it('holds the chart library in the chunk of the Stats chart alone, which only the Stats page imports', () => {
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    // uPlot's class names, which its code writes out as strings.
    const holdingUplot = readdirSync('dist/client/assets')
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(`dist/client/assets/${file}`, 'utf8').includes('u-over'));
    expect(holdingUplot).toEqual([manifest['src/admin/stats/series-chart.tsx']!.file.replace('assets/', '')]);
    const importers = Object.entries(manifest)
      .filter(([, chunk]) => chunk.dynamicImports?.includes('src/admin/stats/series-chart.tsx'))
      .map(([key]) => key);
    expect(importers).toEqual(['src/admin/admin-pages.ts']);
  });

  it.each(['/', '/seo', '/blog', '/portfolio', `/blogs/${post.slug}`])(
    '%s starts without the admin, the editor or the charts',
    async (path) => {
      const admin = adminFiles();
      const { page, context, errors } = await openPage(browser);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(3);
      expect(scripts.filter((script) => admin.has(script))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
