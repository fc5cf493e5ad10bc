// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSheet } from 'beasties/compiler';
import { createProcessor } from 'beasties/runtime';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-requests.ts';
import { criticalCss } from './critical-css.ts';

/** beasties' passes over a page, counted: a page of a shape seen before must cost none. */
const passes = { count: 0 };
const countingPasses = (clientDir: string) => criticalCss(clientDir, { onPass: () => (passes.count += 1) });

let clientDir: string;
const sheet = '/assets/site-Ab12Cd34.css';
/** Rules that read what a shape keeps: classes, ids, nesting, siblings, and the values of tested attributes. */
const stylesheet = [
  'body{margin:0}',
  '.card{padding:1rem}',
  '.featured{border:1px solid}',
  '#search-results{font-size:2rem}',
  'li+li{margin-top:1rem}',
  'nav a[aria-current=page]{font-weight:700}',
  'a[href^="https:"]{text-decoration:underline dotted}',
  '.card>p{margin:0}',
  '.unused{color:blue}',
].join('');

/** beasties' own answer for a page, from a processor of its own that remembers nothing of earlier pages. */
const beasties = (html: string) =>
  createProcessor([compileSheet(stylesheet, { href: sheet })], { cache: false }).process(html);

const page = (main: string, title = 'Posts') =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>${title}</title>` +
  `<meta name="description" content="About ${title}"/><link rel="stylesheet" href="${sheet}">` +
  `<script type="application/ld+json">{"name":"${title}"}</script></head><body><div id="root">` +
  `<nav><a href="/" aria-current="page">Home</a><a href="/blog">Blog</a></nav><main>${main}</main></div>` +
  `<script type="application/json" id="app-state">{"q":"${title}"}</script></body></html>`;

const results = (titles: string[], href = (n: number) => `/blogs/post-${n}`) =>
  `<h2 id="search-results">${titles.length} posts</h2><ul>` +
  titles
    .map(
      (title, n) =>
        `<li><article class="card"><img src="/i/${n}.png" alt="${title}" width="${n}"/><h3>${title}</h3>` +
        `<p>Read <a href="${href(n)}">${title}</a></p></article></li>`,
    )
    .join('') +
  '</ul>';

beforeAll(() => {
  const root = temporaryDirectory('critical-css-shapes-');
  clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, sheet), stylesheet);
  return () => rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  passes.count = 0;
});

describe('criticalCss, remembered by the shape of a page', () => {
  it('gives a page of a shape seen before what beasties gives it, without a pass: other words, images and meta', () => {
    const inline = countingPasses(clientDir);
    const first = page(results(['SEO for growth', 'Local search']), 'seo');
    expect(inline(first)).toBe(beasties(first));
    expect(passes.count).toBe(1);

    const sameShape = page(results(['Ads that pay', 'Email « that » works']), 'ads & email').replace(
      /src="\/i\/(\d)\.png"/g,
      'src="/media/other-$1.webp"',
    );
    const answer = inline(sameShape);
    expect(answer).toBe(beasties(sameShape));
    expect(answer).toContain('Email « that » works');
    expect(passes.count).toBe(1);
  });

  it('passes over a page of another shape: a class, a list item, an id, or a value a selector tests', () => {
    const inline = countingPasses(clientDir);
    const base = page(results(['One', 'Two']));
    const others = [
      page(results(['One', 'Two']).replaceAll('class="card"', 'class="card featured"')),
      page(results(['One'])),
      page(results(['One', 'Two']).replace('id="search-results"', 'id="other-results"')),
      page(results(['One', 'Two'], (n) => `https://example.com/${n}`)),
      page(results(['One', 'Two'])).replace('aria-current="page"', 'aria-current="false"'),
      page(results(['One', 'Two']).replace('<p>Read', '<div>Read').replace('</a></p>', '</a></div>')),
    ];
    inline(base);
    for (const [index, other] of others.entries()) {
      expect(inline(other), `page ${index}`).toBe(beasties(other));
    }
    expect(passes.count).toBe(1 + others.length);
    // Each shape is remembered: none of them costs a pass again.
    for (const other of [base, ...others]) inline(other.replace('<h3>One', '<h3>Another'));
    expect(passes.count).toBe(1 + others.length);
  });

  it('answers as beasties does through a run of pages whose shapes come and go', () => {
    const inline = countingPasses(clientDir);
    const lists = [[], ['a'], ['a', 'b'], ['a', 'b', 'c']];
    const pages = Array.from({ length: 24 }, (_, n) => {
      const titles = lists[n % lists.length]!.map((word) => `${word} ${n}`);
      const main = results(titles, (i) => (n % 5 === 0 ? `https://example.com/${i}` : `/blogs/${n}-${i}`));
      return page(n % 3 === 0 ? main.replaceAll('class="card"', 'class="card featured"') : main, `search ${n}`);
    });
    for (const html of pages) expect(inline(html)).toBe(beasties(html));
    expect(passes.count).toBeLessThan(pages.length);
  });

  it('passes over a page whose stylesheet links differ from its shape’s, and leaves one without links as it is', () => {
    const inline = countingPasses(clientDir);
    const html = page(results(['One']));
    inline(html);
    const preloaded = html.replace('<link rel="stylesheet"', '<link rel="stylesheet" media="screen"');
    expect(inline(preloaded)).toBe(beasties(preloaded));
    expect(passes.count).toBe(2);
    const bare = html.replace(/<link[^>]*>/, '');
    expect(inline(bare)).toBe(bare);
  });
});
