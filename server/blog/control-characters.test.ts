import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createPost, postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

const lineRule = 'must be one line of text, without control characters (such as U+000B)';
const textRule = 'must not contain control characters (such as U+000B) other than tabs and line breaks';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir });
  app = testApp.app;
  cookie = await signIn(app);
});
afterAll(async () => {
  await testApp.close();
  rmSync(join(clientDir, '..'), { recursive: true, force: true });
});

const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject(asAdmin(cookie, { method, url, payload }));

describe('control characters in a post', () => {
  it.each([
    ['title', { title: 'A title\u000b' }, '/title', lineRule],
    ['title with a line break', { title: 'Two\nlines' }, '/title', lineRule],
    ['content', { content: '<p>Body\u000e</p>' }, '/content', textRule],
    [
      'content, with a NUL character',
      { content: '<p>Body\u0000</p>' },
      '/content',
      'must not contain NUL characters (\\u0000)',
    ],
    ['summary', { summary: 'Teaser\u001b[31m' }, '/summary', textRule],
    ['tag', { tags: ['fine', 'bad\u0007'] }, '/tags/1', lineRule],
    [
      'tag, with a NUL character',
      { tags: ['fine', 'bad\u0000'] },
      '/tags/1',
      'must not contain NUL characters (\\u0000)',
    ],
    ['category', { categories: ['bad\u000c'] }, '/categories/0', lineRule],
    ['meta title', { metaTitle: 'Meta\u0008' }, '/metaTitle', lineRule],
    ['meta description', { metaDescription: 'About\u007f' }, '/metaDescription', textRule],
    ['author', { author: 'Someone\u0001' }, '/author', lineRule],
    ['cover image', { coverImage: '/images/a\u0001.png' }, '/coverImage', undefined],
    ['social image', { ogImage: 'https://example.com/\u0001.png' }, '/ogImage', undefined],
    ['canonical address', { canonicalUrl: 'https://example.com/\u0001' }, '/canonicalUrl', undefined],
  ])('are refused in the %s with a 400 naming the field', async (_field, fields, path, message) => {
    const created = await write('POST', '/api/blogs', postInput(fields));
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([{ path, message: message ?? expect.stringMatching(/pattern/) }]);

    const stored = await createPost(app, cookie);
    const updated = await write('PUT', `/api/blogs/${stored._id}`, { ...postInput({ slug: stored.slug }), ...fields });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().details.map((detail: { path: string }) => detail.path)).toEqual([path]);
  });

  it('are allowed as tabs and line breaks where the text has lines', async () => {
    const response = await write(
      'POST',
      '/api/blogs',
      postInput({ content: '<p>One</p>\r\n\t<p>Two</p>', summary: 'One\nTwo', metaDescription: 'One\tTwo' }),
    );
    expect(response.statusCode).toBe(201);
  });
});

/** Throws unless the text is well-formed XML, as a feed reader's parser would. */
const parseXml = (xml: string) => new JSDOM(xml, { contentType: 'application/xml' }).window.document;

describe('feeds and the sitemap of posts stored with control characters', () => {
  it('are well-formed XML, without the characters', async () => {
    const post = await createPost(app, cookie, {
      title: 'Stored title',
      summary: 'Stored summary',
      tags: ['Stored tag'],
      categories: ['Stored category'],
      status: 'published',
    });
    // As a post saved before the rule was: written to the database directly (PostgreSQL cannot hold U+0000 at all).
    const db = openDatabase(testApp.store);
    await db
      .updateTable('posts')
      .set({
        title: 'Stored\u000b title\u0008',
        summary: 'Stored\u0001 summary\ufffe',
        categories: JSON.stringify(['Stored\u001f category']),
        tags: JSON.stringify(['Stored\u0002 tag']),
      })
      .where('id', '=', post._id)
      .execute();
    await db.destroy();

    for (const url of ['/rss.xml', '/blog/tag/stored-tag/rss.xml', '/blog/category/stored-category/rss.xml']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const feed = parseXml(response.body);
      const item = [...feed.querySelectorAll('item')].find((element) => element.textContent?.includes(post._id))!;
      expect(item.querySelector('title')!.textContent, url).toBe('Stored title');
      expect(item.querySelector('description')!.textContent, url).toBe('Stored summary');
      expect(item.querySelector('category')!.textContent, url).toBe('Stored category');
    }
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(parseXml(sitemap.body).querySelectorAll('url').length).toBeGreaterThan(0);
  });
});
