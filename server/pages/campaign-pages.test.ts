import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { changeCheckIntervalMs } from '../blog/index.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { moderate, sendComment } from '../test-support/comments.ts';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

const origin = 'http://127.0.0.1:3000';
const metricsToken = 'scrape-me';
let site: SiteBuild;
let testApp: TestApp;
let app: FastifyInstance;
let post: BlogPost;
/** The app's access lines and other log lines, as JSON. */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  site = await buildSiteForTests();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n'))
        if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  testApp = await createTestApp({ clientDir: site.clientDir, metricsToken, logger: { level: 'info', stream } });
  app = testApp.app;
  const cookie = await signIn(app);
  post = await createPost(app, cookie, {
    status: 'published',
    publishedAt: '2025-06-01T00:00:00Z',
    title: 'Maps listings that bring customers',
    tags: ['Local SEO'],
  });
  const comment = await sendComment(app, testApp.clock, post._id, { text: 'Words of an approved reader' });
  await moderate(app, cookie, comment.id, 'approved');
  // The change watcher forgets kept answers once more when it sees these writes: let it, before anything is counted.
  for (let seen = -1; seen !== app.responses.generation; await sleep(3 * changeCheckIntervalMs)) {
    seen = app.responses.generation;
  }
}, 180_000);
afterAll(async () => {
  await testApp?.close();
  site?.remove();
});

const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
const renders = async () => (await app.metrics.pageRenders.get()).values[0]?.value ?? 0;
/** What a request may change: pages rendered, answers made, and the bytes the cache keeps. */
const work = async () => ({ renders: await renders(), made: app.responses.misses, kept: app.responses.bytes });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"\s*\/?>/.exec(html)?.[1];

const campaigns = [
  'utm_source=newsletter&utm_medium=email&utm_campaign=autumn-launch',
  'gclid=Cj0KCQiA-made-up&utm_term=local+seo',
  'fbclid=IwAR-made-up',
  'msclkid=9f8e7d&utm_content=banner&utm_id=77',
];

describe('a page asked for with a campaign’s parameters', () => {
  it.each(['/', '/blog', '/blogs/:slug', '/blog/tag/local-seo', '/blog/author/none-such', '/no-such-page'])(
    '%s answers the same bytes and ETag as without them, with no render and no new cache entry',
    async (pattern) => {
      const path = pattern.replace(':slug', post.slug);
      const plain = await get(path);
      const before = await work();
      for (const query of campaigns) {
        const tracked = await get(`${path}?${query}`);
        expect(tracked.statusCode, query).toBe(plain.statusCode);
        expect(tracked.headers.etag, query).toBe(plain.headers.etag);
        expect(tracked.headers['content-encoding'], query).toBe('br');
        expect(tracked.rawPayload.equals(plain.rawPayload), query).toBe(true);
      }
      expect(await work()).toEqual(before);
    },
  );

  it('is rendered without them when it is the first to ask: no visitor’s parameters reach the page or its link', async () => {
    app.responses.forget();
    const first = await app.inject({ url: `/blogs/${post.slug}?gclid=Visitor-Click-Id&utm_campaign=autumn-launch` });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('Visitor-Click-Id');
    expect(first.body).not.toContain('autumn-launch');
    expect(canonicalOf(first.body)).toBe(`${origin}/blogs/${post.slug}`);
    const before = await work();
    expect((await app.inject({ url: `/blogs/${post.slug}` })).body).toBe(first.body);
    expect(await work()).toEqual(before);
  });

  it('keeps the canonical link of the page without them, a page of the listing keeping its page', async () => {
    for (const [url, canonical] of [
      ['/?utm_source=x', `${origin}/`],
      ['/blog?utm_campaign=x&gclid=y', `${origin}/blog`],
      ['/blog/tag/local-seo?fbclid=z', `${origin}/blog/tag/local-seo`],
      ['/blog?page=2&utm_source=x', `${origin}/blog?page=2`],
    ]) {
      expect(canonicalOf((await app.inject({ url })).body), url).toBe(canonical);
    }
  });
});

describe('the query parameters a page reads', () => {
  it('still change its answer: a search, a page of a list, a comment’s arrival', async () => {
    const pairs = [
      ['/blog', '/blog?q=maps', 'Maps listings that bring customers'],
      ['/blog/tag/local-seo', '/blog/tag/local-seo?page=2', ', page 2'],
      [`/blogs/${post.slug}`, `/blogs/${post.slug}?comment=received`, 'it awaits moderation'],
    ] as const;
    for (const [plainUrl, ownUrl, shown] of pairs) {
      const plain = await app.inject({ url: plainUrl });
      const own = await app.inject({ url: ownUrl });
      expect(own.statusCode, ownUrl).toBe(200);
      expect(own.headers.etag, ownUrl).not.toBe(plain.headers.etag);
      expect(own.body, ownUrl).toContain(shown);
    }
    expect((await app.inject({ url: '/blog?q=no-such-words-anywhere' })).body).not.toContain(
      'Maps listings that bring customers',
    );
  });

  it('make one answer whatever their order and whatever else comes with them', async () => {
    const first = await get('/blog?page=1&q=maps');
    const before = await work();
    for (const url of ['/blog?q=maps&page=1', '/blog?utm_source=x&q=maps&gclid=y&page=1', '/blog?q=maps&page=1&q=x']) {
      const same = await get(url);
      expect(same.headers.etag, url).toBe(first.headers.etag);
      expect(same.rawPayload.equals(first.rawPayload), url).toBe(true);
    }
    expect(await work()).toEqual(before);
  });

  it('is answered without reading its query beyond Fastify: the refused form looked for by name first', async () => {
    await get('/');
    const Original = globalThis.URLSearchParams;
    let parsed = 0;
    globalThis.URLSearchParams = class extends Original {
      constructor(...args: ConstructorParameters<typeof URLSearchParams>) {
        super(...args);
        parsed += 1;
      }
    };
    try {
      for (const query of campaigns) expect((await get(`/?${query}`)).statusCode, query).toBe(200);
      expect(parsed).toBe(0);
      // A query that may name a refused form, plainly or encoded, is still read for it.
      for (const query of ['refused=none-such', '%72efused=none-such']) {
        expect((await get(`/?${query}`)).statusCode, query).toBe(303);
      }
      expect(parsed).toBe(2);
    } finally {
      globalThis.URLSearchParams = Original;
    }
  });
});

describe('a page rendered on the server', () => {
  it('is rendered once, with everything it shows in its first HTML: the post and its comments', async () => {
    app.responses.forget();
    const before = await renders();
    const html = (await app.inject({ url: `/blogs/${post.slug}` })).body;
    expect(await renders()).toBe(before + 1);
    expect(html).toContain('<h1');
    expect(html).toContain('Maps listings that bring customers');
    expect(html).toContain('Words of an approved reader');
    expect(html).not.toContain('Loading');
  });

  it('reads in-process: one access line per visitor request, and no request of the API in the metrics', async () => {
    const scrape = async () => {
      const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
      return metrics.body.split('\n').filter((line) => line.startsWith('northbeam_http_requests_total{'));
    };
    const apiReads = (counted: string[]) => counted.filter((line) => line.includes('method="GET",route="/api/'));
    const countedBefore = await scrape();
    app.responses.forget();
    lines.length = 0;
    const urls = [`/blogs/${post.slug}`, '/blog/author/none-such', '/blog?q=maps', '/'];
    const ids: unknown[] = [];
    for (const url of urls) ids.push((await app.inject({ url })).headers['x-request-id']);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.url, line.reqId])).toEqual(urls.map((url, index) => [url, ids[index]]));
    const countedAfter = await scrape();
    expect(apiReads(countedAfter)).toEqual(apiReads(countedBefore));
    expect(countedAfter).not.toEqual(countedBefore);
  });
});

describe('a prerendered page asked for with a campaign’s parameters', () => {
  it('is the prerendered file, answered from the one kept answer: no new cache entry', async () => {
    const clientDir = createClientFixture();
    const withFiles = await createTestApp({ clientDir });
    try {
      const plain = await withFiles.app.inject({ url: '/about' });
      const before = { made: withFiles.app.responses.misses, kept: withFiles.app.responses.bytes };
      for (const query of campaigns) {
        const tracked = await withFiles.app.inject({ url: `/about?${query}` });
        expect(tracked.headers.etag, query).toBe(plain.headers.etag);
        expect(tracked.body, query).toBe(plain.body);
      }
      expect({ made: withFiles.app.responses.misses, kept: withFiles.app.responses.bytes }).toEqual(before);
    } finally {
      await withFiles.close();
      rmSync(join(clientDir, '..'), { recursive: true, force: true });
    }
  });
});
