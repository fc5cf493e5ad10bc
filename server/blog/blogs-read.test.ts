import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;
let posts: Record<string, BlogPost>;

// The test clock starts at 2025-12-01T12:00Z.
beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
  const published = (day: string) => ({ status: 'published' as const, publishedAt: `2025-${day}T09:00:00Z` });
  posts = {
    oldest: await createPost(app, cookie, {
      ...published('01-10'),
      slug: 'oldest',
      title: 'Local SEO basics',
      tags: ['SEO', 'Local'],
      categories: ['Search'],
    }),
    middle: await createPost(app, cookie, {
      ...published('05-10'),
      slug: 'middle',
      title: 'Branding',
      summary: 'Why 100% consistent logos matter',
      tags: ['Brand'],
      categories: ['Branding'],
    }),
    newest: await createPost(app, cookie, {
      ...published('11-20'),
      slug: 'newest',
      title: 'Paid media budgets',
      tags: ['seo'],
      categories: ['Performance'],
    }),
    draft: await createPost(app, cookie, { slug: 'draft', title: 'Unfinished SEO draft', tags: ['SEO'] }),
    archived: await createPost(app, cookie, { ...published('02-01'), slug: 'archived', status: 'archived' }),
    scheduled: await createPost(app, cookie, { ...published('12-24'), slug: 'scheduled', title: 'Holiday SEO' }),
  };
});
afterAll(() => testApp.close());

const slugsOf = (response: { json: () => BlogPost[] }) => response.json().map((post) => post.slug);

describe('GET /api/blogs for visitors', () => {
  it('lists published posts whose time has come, newest first, with the total', async () => {
    const response = await app.inject({ url: '/api/blogs' });
    expect(response.statusCode).toBe(200);
    expect(slugsOf(response)).toEqual(['newest', 'middle', 'oldest']);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers.link).toBeUndefined();
    expect(response.json()[0]).toEqual(posts.newest);
  });

  it('pages with limit and offset, with next and prev links that keep the filters', async () => {
    const first = await app.inject({ url: '/api/blogs?limit=1&tag=seo' });
    expect(slugsOf(first)).toEqual(['newest']);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toBe('</api/blogs?limit=1&offset=1&tag=seo>; rel="next"');

    const second = await app.inject({ url: '/api/blogs?limit=1&offset=1&tag=seo' });
    expect(slugsOf(second)).toEqual(['oldest']);
    expect(second.headers.link).toBe('</api/blogs?limit=1&offset=0&tag=seo>; rel="prev"');

    const middle = await app.inject({ url: '/api/blogs?limit=1&offset=1' });
    expect(middle.headers.link).toBe(
      '</api/blogs?limit=1&offset=2>; rel="next", </api/blogs?limit=1&offset=0>; rel="prev"',
    );
    expect(slugsOf(await app.inject({ url: '/api/blogs?offset=10' }))).toEqual([]);
  });

  it('filters by tag and category case-insensitively, and searches words, ranked by relevance', async () => {
    expect(slugsOf(await app.inject({ url: '/api/blogs?tag=SEO' }))).toEqual(['newest', 'oldest']);
    expect(slugsOf(await app.inject({ url: '/api/blogs?category=branding' }))).toEqual(['middle']);
    expect(slugsOf(await app.inject({ url: '/api/blogs?q=seo' }))).toEqual(['oldest', 'newest']);
    expect(slugsOf(await app.inject({ url: '/api/blogs?q=CONSISTENT' }))).toEqual(['middle']);
    expect(slugsOf(await app.inject({ url: '/api/blogs?q=100%25' }))).toEqual(['middle']);
    expect(slugsOf(await app.inject({ url: '/api/blogs?q=_' }))).toEqual([]);
    expect(slugsOf(await app.inject({ url: '/api/blogs?tag=seo&category=search' }))).toEqual(['oldest']);
  });

  it.each([
    ['limit=0', '/limit'],
    ['limit=101', '/limit'],
    ['limit=ten', '/limit'],
    ['offset=-1', '/offset'],
    ['offset=99999999999', '/offset'],
    ['status=secret', '/status'],
    [`q=${'x'.repeat(201)}`, '/q'],
  ])('answers 400 for %s', async (query, path) => {
    const response = await app.inject({ url: `/api/blogs?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe(path);
  });

  it('asks visitors to sign in for other statuses than published', async () => {
    expect((await app.inject({ url: '/api/blogs?status=published' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/blogs?status=draft' })).statusCode).toBe(401);
  });

  it('answers 304 to a client that holds the current version', async () => {
    const first = await app.inject({ url: '/api/blogs' });
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/api/blogs', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses with Brotli or gzip for clients that accept it', async () => {
    const plain = await app.inject({ url: '/api/blogs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');

    const brotli = await app.inject({ url: '/api/blogs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzip = await app.inject({ url: '/api/blogs', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const identity = await app.inject({ url: '/api/blogs', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('shows a scheduled post once its time comes', async () => {
    const scheduled = await createTestApp();
    try {
      const adminCookie = await signIn(scheduled.app);
      await createPost(scheduled.app, adminCookie, {
        slug: 'later',
        status: 'published',
        publishedAt: '2025-12-01T13:00:00Z',
      });
      const adminList = (status: string) =>
        scheduled.app.inject(asAdmin(adminCookie, { url: `/api/blogs?status=${status}` }));
      expect(slugsOf(await scheduled.app.inject({ url: '/api/blogs' }))).toEqual([]);
      expect((await scheduled.app.inject({ url: '/api/blogs/slug/later' })).statusCode).toBe(404);
      expect(slugsOf(await adminList('scheduled'))).toEqual(['later']);
      expect(slugsOf(await adminList('published'))).toEqual([]);
      scheduled.clock.advance(60 * 60 * 1000);
      expect(slugsOf(await scheduled.app.inject({ url: '/api/blogs' }))).toEqual(['later']);
      expect((await scheduled.app.inject({ url: '/api/blogs/slug/later' })).statusCode).toBe(200);
      expect(slugsOf(await adminList('scheduled'))).toEqual([]);
      expect(slugsOf(await adminList('published'))).toEqual(['later']);
    } finally {
      await scheduled.close();
    }
  });
});

describe('GET /api/blogs for a signed-in admin', () => {
  it('lists every post by default and filters by status, published meaning live and scheduled meaning later', async () => {
    const list = (query: string) => app.inject(asAdmin(cookie, { url: `/api/blogs${query}` }));
    expect(slugsOf(await list('?limit=100'))).toEqual(['scheduled', 'draft', 'newest', 'middle', 'archived', 'oldest']);
    expect(slugsOf(await list('?status=all'))).toHaveLength(6);
    expect(slugsOf(await list('?status=draft'))).toEqual(['draft']);
    expect(slugsOf(await list('?status=archived'))).toEqual(['archived']);
    // A scheduled post is not live yet: it is listed under scheduled only, as its card says.
    expect(slugsOf(await list('?status=published'))).toEqual(['newest', 'middle', 'oldest']);
    expect((await list('?status=published')).headers['x-total-count']).toBe('3');
    expect(slugsOf(await list('?status=scheduled'))).toEqual(['scheduled']);
    expect((await list('?status=scheduled')).headers['x-total-count']).toBe('1');
    expect(slugsOf(await list('?status=published&q=seo')).sort()).toEqual(['newest', 'oldest']);
    expect(slugsOf(await list('?status=scheduled&q=seo'))).toEqual(['scheduled']);
    expect((await list('')).headers['cache-control']).toBe('private, no-cache');
  });
});

describe('GET /api/blogs/:id and /api/blogs/slug/:slug', () => {
  it('reads a published post by id and by slug, with an ETag and 304', async () => {
    const byId = await app.inject({ url: `/api/blogs/${posts.middle!._id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(posts.middle);
    const bySlug = await app.inject({ url: '/api/blogs/slug/middle' });
    expect(bySlug.json()).toEqual(posts.middle);
    expect(bySlug.headers.etag).toBe(byId.headers.etag);
    const again = await app.inject({
      url: '/api/blogs/slug/middle',
      headers: { 'if-none-match': `"x", ${bySlug.headers.etag}` },
    });
    expect(again.statusCode).toBe(304);
  });

  it('hides drafts, archived and scheduled posts from visitors with a 404, not from admins', async () => {
    for (const name of ['draft', 'archived', 'scheduled']) {
      const post = posts[name]!;
      for (const url of [`/api/blogs/${post._id}`, `/api/blogs/slug/${post.slug}`]) {
        const hidden = await app.inject({ url });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toMatchObject({ statusCode: 404, error: 'Not Found', details: [] });
        expect((await app.inject(asAdmin(cookie, { url }))).json()).toEqual(post);
      }
    }
  });

  it('answers 404 for unknown ids and slugs, however odd', async () => {
    const odd = ['nope', 'slug/nope', 'slug/UPPER%20case', "1'%20or%201=1", 'x'.repeat(500), `slug/${'y'.repeat(500)}`];
    for (const path of odd) {
      const response = await app.inject({ url: `/api/blogs/${path}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('the public list after a write', () => {
  it('shows a new post, a change and a deletion at once', async () => {
    const fresh = await createTestApp();
    try {
      const adminCookie = await signIn(fresh.app);
      const titles = async () =>
        (await fresh.app.inject({ url: '/api/blogs' })).json<BlogPost[]>().map((post) => post.title);
      expect(await titles()).toEqual([]);
      const created = await createPost(fresh.app, adminCookie, {
        title: 'One',
        status: 'published',
        publishedAt: '2025-01-01',
      });
      expect(await titles()).toEqual(['One']);
      await fresh.app.inject(
        asAdmin(adminCookie, {
          method: 'PUT',
          url: `/api/blogs/${created._id}`,
          payload: { title: 'Two', slug: created.slug, content: 'x', status: 'published' },
        }),
      );
      expect(await titles()).toEqual(['Two']);
      await fresh.app.inject(asAdmin(adminCookie, { method: 'DELETE', url: `/api/blogs/${created._id}` }));
      expect(await titles()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
