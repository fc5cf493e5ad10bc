import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import type { Browser } from 'playwright-core';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termSlug } from '../../src/domain/term-slug.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, openPage } from './page-helpers.ts';

const routes = JSON.parse(readFileSync('dist/client/routes.json', 'utf8')) as string[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A parser as browsers have (jsdom's, by the HTML standard): reading served markup needs no browser. */
const { DOMParser } = new JSDOM('').window;

type PublishedPost = Pick<BlogPost, '_id' | 'slug' | 'title' | 'html' | 'tags' | 'categories' | 'authorSlug'>;

async function publishedPosts(): Promise<PublishedPost[]> {
  return (await (await fetch(`${baseURL()}/api/blogs?limit=100`)).json()) as PublishedPost[];
}

/** Reads served HTML as a browser's parser does, without running any of its scripts. */
function parseHtml(source: string) {
  const doc = new DOMParser().parseFromString(source, 'text/html');
  const content = (selector: string, attribute: string) => doc.querySelector(selector)?.getAttribute(attribute);
  return {
    title: doc.title,
    h1: doc.querySelectorAll('h1').length === 1 ? doc.querySelector('h1')!.textContent : null,
    description: content('meta[name="description"]', 'content'),
    canonical: content('link[rel="canonical"]', 'href'),
    ogImage: content('meta[property="og:image"]', 'content'),
    twitterCard: content('meta[name="twitter:card"]', 'content'),
    feed: content('link[rel="alternate"][type="application/rss+xml"]', 'href'),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) =>
      JSON.parse(script.textContent!),
    ),
    text: doc.querySelector('main')?.textContent ?? '',
    inHead: doc.head.querySelector('title') !== null,
  };
}

describe('the first HTML already holds the page', () => {
  it.each(routes)('%s arrives with its h1, title, description, canonical URL and social tags', async (route) => {
    const response = await fetch(`${baseURL()}${route}`);
    expect(response.status).toBe(200);
    const html = await parseHtml(await response.text());
    expect(html.h1).toBeTruthy();
    expect(html.inHead).toBe(true);
    expect(html.title.length).toBeGreaterThan(10);
    expect(html.description!.length).toBeGreaterThanOrEqual(50);
    expect(html.canonical).toBe(`${baseURL()}${route === '/' ? '/' : route}`);
    expect(html.ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/share\.png$/);
    expect(html.twitterCard).toBe('summary_large_image');
    expect(html.feed).toBe(`${baseURL()}/rss.xml`);
  });

  it('gives every route its own title', async () => {
    const titles = await Promise.all(
      routes.map(async (route) => (await parseHtml(await (await fetch(`${baseURL()}${route}`)).text())).title),
    );
    expect(new Set(titles).size).toBe(routes.length);
  });

  it('describes the organisation on the home page and breadcrumbs on service pages', async () => {
    const home = await parseHtml(await (await fetch(`${baseURL()}/`)).text());
    const organisation = home.jsonLd.find((data) => data['@type'] === 'Organization');
    expect(organisation).toMatchObject({ name: 'Northbeam', address: { addressLocality: 'Gurugram' } });
    expect(organisation.sameAs).toHaveLength(4);
    expect(organisation.contactPoint[0].telephone).toMatch(/^\+91/);
    const seo = await parseHtml(await (await fetch(`${baseURL()}/seo`)).text());
    expect(seo.jsonLd.find((data) => data['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('renders a post on the server with its title, content and Article data', async () => {
    const [post] = await publishedPosts();
    const response = await fetch(`${baseURL()}/blogs/${post!.slug}`);
    expect(response.status).toBe(200);
    const html = await parseHtml(await response.text());
    expect(html.h1).toBe(post!.title);
    expect(html.text).toContain('Published on');
    const opening = post!.html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
    expect(html.text.replace(/\s+/g, ' ')).toContain(opening);
    expect(html.jsonLd.find((data) => data['@type'] === 'BlogPosting' || data['@type'] === 'Article')).toMatchObject({
      headline: post!.title,
    });
  });

  it('answers an unknown post with "Blog Not Found" and status 404', async () => {
    const response = await fetch(`${baseURL()}/blogs/no-such-post`);
    expect(response.status).toBe(404);
    expect((await parseHtml(await response.text())).h1).toBe('Blog Not Found');
  });

  it('renders the blog listing with the published posts', async () => {
    const html = await parseHtml(await (await fetch(`${baseURL()}/blog`)).text());
    for (const post of (await publishedPosts()).slice(0, 6)) expect(html.text).toContain(post.title);
  });

  it.each(['/', '/seo', '/blog', '/portfolio'])(
    '%s hydrates without errors and without fetching its posts again',
    async (route) => {
      const { page: browserPage, context, errors } = await openPage(browser);
      const apiCalls: string[] = [];
      browserPage.on('request', (request) => {
        if (request.url().includes('/api/blogs') && route === '/blog') apiCalls.push(request.url());
      });
      await browserPage.goto(route, { waitUntil: 'networkidle' });
      expect(errors).toEqual([]);
      expect(apiCalls).toEqual([]);
      await context.close();
    },
  );
});

describe('sitemap, robots and feed', () => {
  function parseXml(source: string) {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const error = doc.querySelector('parsererror')?.textContent ?? null;
    const texts = (selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent ?? '');
    return {
      error,
      root: doc.documentElement.nodeName,
      version: doc.documentElement.getAttribute('version'),
      locs: texts('url > loc'),
      lastmods: texts('url > lastmod'),
      channel: ['title', 'link', 'description'].map((name) => doc.querySelector(`channel > ${name}`)?.textContent),
      items: [...doc.querySelectorAll('item')].map((item) => ({
        title: item.querySelector('title')?.textContent,
        link: item.querySelector('link')?.textContent,
        guid: item.querySelector('guid')?.textContent,
        pubDate: item.querySelector('pubDate')?.textContent,
      })),
    };
  }

  it('lists every route, every published post, its tag and category archives and its author in a valid sitemap, with lastmod', async () => {
    const response = await fetch(`${baseURL()}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const sitemap = await parseXml(await response.text());
    expect(sitemap.error).toBeNull();
    expect(sitemap.root).toBe('urlset');
    const posts = await publishedPosts();
    const expected = [
      ...routes.map((route) => `${baseURL()}${route}`),
      ...posts.map((post) => `${baseURL()}/blogs/${post.slug}`),
      ...posts.flatMap((post) => post.tags.map((tag) => `${baseURL()}/blog/tag/${termSlug(tag)}`)),
      ...posts.flatMap((post) => post.categories.map((name) => `${baseURL()}/blog/category/${termSlug(name)}`)),
      ...posts.flatMap((post) => (post.authorSlug ? [`${baseURL()}/blog/author/${post.authorSlug}`] : [])),
    ];
    expect(new Set(sitemap.locs)).toEqual(new Set(expected));
    expect(sitemap.lastmods.every((date) => !Number.isNaN(Date.parse(date)))).toBe(true);
  });

  it('points robots.txt to the sitemap and keeps crawlers out of the admin', async () => {
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });

  it('publishes an RSS 2.0 feed of the published posts', async () => {
    const response = await fetch(`${baseURL()}/rss.xml`);
    expect(response.headers.get('content-type')).toContain('application/rss+xml');
    const feed = await parseXml(await response.text());
    expect(feed.error).toBeNull();
    expect([feed.root, feed.version]).toEqual(['rss', '2.0']);
    expect(feed.channel.every(Boolean)).toBe(true);
    const posts = await publishedPosts();
    expect(feed.items.map((item) => item.title)).toEqual(posts.map((post) => post.title));
    for (const [index, item] of feed.items.entries()) {
      expect(item.link).toBe(`${baseURL()}/blogs/${posts[index]!.slug}`);
      // Stable for the post's life, whatever its slug: readers never see a renamed post twice.
      expect(item.guid).toBe(`urn:uuid:${posts[index]!._id}`);
      expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false);
    }
  });
});
