import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { createTestApp, signIn } from '../test-support/test-app.ts';

/** Every replacement pattern of String.prototype.replace, in one piece of text. */
const hostile = "$`$'$&$1$$";
/** The same text with each character that is not a letter or digit made plain: same length, same URL names. */
const plain = hostile.replace(/[^\p{L}\p{N}]/gu, '_');

/** Every field of a post a writer controls, each holding the text. */
const postFields = (text: string) => ({
  title: `Title ${text} end`,
  slug: 'a-post-with-patterns',
  summary: `Summary ${text} end`,
  content: `<p>Body ${text} and <a href="https://ok.example/${text}x">a link ${text}</a>.</p>`,
  tags: [`Tag${text}x`],
  categories: [`Cat${text}y`],
  coverImage: `https://images.example/${text}.png`,
  metaTitle: `Meta ${text}`,
  metaDescription: `Description ${text} of the post`,
  ogImage: `https://images.example/og-${text}.png`,
  canonicalUrl: `https://elsewhere.example/${text}`,
  status: 'published' as const,
});

/** Every kind of page and document the server renders, with the text wherever a visitor controls the address. */
const routes = (text: string) => [
  '/',
  '/blog',
  `/blog?q=${encodeURIComponent(text)}`,
  '/blog/tag/tag-1-x',
  '/blog/category/cat-1-y',
  '/blogs/a-post-with-patterns',
  `/missing-${encodeURIComponent(text)}`,
  `/blog/tag/tag${encodeURIComponent(text)}x`,
  '/rss.xml',
  '/blog/tag/tag-1-x/rss.xml',
  '/blog/category/cat-1-y/rss.xml',
  '/sitemap.xml',
];

interface Site {
  postId: string;
  pages: { url: string; status: number; body: string }[];
}

let site: SiteBuild;
beforeAll(async () => {
  site = await buildSiteForTests();
}, 120_000);
afterAll(() => site?.remove());

/** The site with one post holding `text` in every field, and every route rendered from it. */
async function renderSite(text: string): Promise<Site> {
  const testApp = await createTestApp({ clientDir: site.clientDir });
  try {
    const post = await createPost(testApp.app, await signIn(testApp.app), postFields(text));
    const pages = [];
    for (const url of routes(text)) {
      const response = await testApp.app.inject({ url });
      pages.push({ url, status: response.statusCode, body: response.body });
    }
    return { postId: post._id, pages };
  } finally {
    await testApp.close();
  }
}

/** Each way a page may spell the text: in a URL (as a path, query or component) and escaped for HTML or XML. */
function spellings(text: string): string[] {
  const inUrls = [
    text,
    text.replaceAll('`', '%60'),
    encodeURIComponent(text),
    new URLSearchParams({ q: text }).toString().slice(2),
  ];
  const escapes = [
    (value: string) => value,
    (value: string) => value.replaceAll('&', '&amp;'),
    (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'),
    (value: string) => value.replace(/[&']/g, (character) => `&#${character.charCodeAt(0)};`),
  ];
  return inUrls.flatMap((value) => escapes.map((escape) => escape(value)));
}

/**
 * The page with the hostile text, spelled however the page spells it, replaced by the plain text. Search results
 * mark the word "1" inside the text, so the pieces around it are replaced too.
 */
function asPlainPage(page: string, postIds: [string, string]): string {
  let result = withoutAuthorIds(page).replaceAll(postIds[0], postIds[1]);
  const [before, after] = hostile.split('1') as [string, string];
  for (const piece of [hostile, before, after]) {
    const plainSpellings = spellings(piece.replace(/[^\p{L}\p{N}]/gu, '_'));
    const pairs = spellings(piece).map((spelling, which) => [spelling, plainSpellings[which]!] as const);
    for (const [spelling, plainSpelling] of pairs.sort(([a], [b]) => b.length - a.length)) {
      result = result.replaceAll(spelling, plainSpelling);
    }
  }
  return result;
}

/** Each database has an admin of its own, who wrote its post. */
const withoutAuthorIds = (page: string) => page.replace(/"authorId":"[0-9a-f-]{36}"/g, '"authorId":"(the admin)"');

const jsonBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

describe('pages rendered with replacement patterns in every field and address', () => {
  let withPatterns: Site;
  let withPlainText: Site;
  beforeAll(async () => {
    // React Query stamps the page's data with the time: both renders must read the same one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-12-01T12:00:00.000Z') });
    withPatterns = await renderSite(hostile);
    withPlainText = await renderSite(plain);
  }, 120_000);
  afterAll(() => vi.useRealTimers());

  it.each(routes(plain).map((url, index) => [url, index]))(
    '%s is the plain page with the text in its place',
    (_url, index) => {
      const page = withPatterns.pages[index as number]!;
      const plainPage = withPlainText.pages[index as number]!;
      expect(page.status).toBe(plainPage.status);
      expect(asPlainPage(page.body, [withPatterns.postId, withPlainText.postId])).toBe(
        withoutAuthorIds(plainPage.body),
      );
    },
  );

  it('shows the text and keeps the JSON data and JSON-LD of every page valid', () => {
    const htmlPages = withPatterns.pages.filter((page) => page.body.startsWith('<!doctype html>'));
    expect(htmlPages.length).toBeGreaterThanOrEqual(7);
    for (const page of htmlPages) {
      for (const block of jsonBlocks(page.body)) expect(() => JSON.parse(block) as unknown).not.toThrow();
    }
    const postPage = withPatterns.pages.find((page) => page.url === '/blogs/a-post-with-patterns')!;
    expect(jsonBlocks(postPage.body).length).toBeGreaterThanOrEqual(2);
    expect(postPage.body).toContain(`Title ${hostile.replaceAll('&', '&amp;').replaceAll("'", '&#x27;')} end`);
    expect(postPage.body.length).toBeLessThan(
      withPlainText.pages.find((page) => page.url === postPage.url)!.body.length * 1.1,
    );
  });
});
