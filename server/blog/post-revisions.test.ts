import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostRevision, BlogPostRevisionSummary } from '../../src/content/types.gen.ts';
import { createPost, postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

function save(post: BlogPost, changes: object, query = '') {
  const { title, slug, content, status } = post;
  return app.inject(
    asAdmin(cookie, {
      method: 'PUT',
      url: `/api/blogs/${post._id}${query}`,
      payload: { title, slug, content, status, ...changes },
    }),
  );
}

async function history(id: string): Promise<BlogPostRevisionSummary[]> {
  const response = await app.inject(asAdmin(cookie, { url: `/api/blogs/${id}/revisions` }));
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('revisions', () => {
  it('keeps a revision of every save, newest first, with its author, time and reason', async () => {
    const post = await createPost(app, cookie, { title: 'First title' });
    testApp.clock.advance(1000);
    expect((await save(post, { title: 'Second title' }, '?reason=autosave')).statusCode).toBe(200);
    testApp.clock.advance(1000);
    expect((await save(post, { title: 'Third title', metaTitle: 'Third, for search' })).statusCode).toBe(200);

    const revisions = await history(post._id);
    expect(revisions.map(({ title, reason, author }) => [title, reason, author])).toEqual([
      ['Third title', 'save', 'Northbeam Team'],
      ['Second title', 'autosave', 'Northbeam Team'],
      ['First title', 'save', 'Northbeam Team'],
    ]);
    expect(revisions[0]!.createdAt).toBe('2025-12-01T12:00:02.000Z');

    const one = await app.inject(asAdmin(cookie, { url: `/api/blogs/${post._id}/revisions/${revisions[1]!._id}` }));
    expect(one.statusCode).toBe(200);
    const revision = one.json<BlogPostRevision>();
    expect(revision).toMatchObject({ _id: revisions[1]!._id, postId: post._id, reason: 'autosave' });
    expect(revision.post).toMatchObject({ ...post, title: 'Second title', updatedAt: '2025-12-01T12:00:01.000Z' });
  });

  it('names what each save did: created, autosaved, edited, scheduled, published, restored', async () => {
    const post = await createPost(app, cookie, { title: 'Kinds' });
    const step = async (changes: object, query = '') => {
      testApp.clock.advance(1000);
      expect((await save(post, changes, query)).statusCode).toBe(200);
    };
    await step({ title: 'Kinds, typed' }, '?reason=autosave');
    await step({ title: 'Kinds, saved' });
    await step({ status: 'published', publishedAt: '2025-12-24T09:00:00.000Z' });
    await step({ status: 'published', publishedAt: '2025-12-24T09:00:00.000Z', summary: 'Still scheduled' });
    await step({ status: 'published', publishedAt: null });
    await step({ status: 'published', title: 'Kinds, live and edited' });
    const [, , first] = (await history(post._id)).reverse();
    await step({ status: 'published', title: 'Kinds, saved' }, `?reason=restore&revision=${first!._id}`);

    expect((await history(post._id)).map(({ kind }) => kind)).toEqual([
      'restored',
      'edited',
      'published',
      'edited',
      'scheduled',
      'edited',
      'autosaved',
      'created',
    ]);
    const one = await app.inject(asAdmin(cookie, { url: `/api/blogs/${post._id}/revisions/${first!._id}` }));
    expect(one.json<BlogPostRevision>().kind).toBe('edited');
  });

  it('keeps only the newest 25 revisions of a post', async () => {
    const post = await createPost(app, cookie, { title: 'Version 0' });
    for (let version = 1; version <= 27; version += 1) {
      testApp.clock.advance(1000);
      expect((await save(post, { title: `Version ${version}` })).statusCode).toBe(200);
    }
    const titles = (await history(post._id)).map((revision) => revision.title);
    expect(titles).toHaveLength(25);
    expect(titles[0]).toBe('Version 27');
    expect(titles[24]).toBe('Version 3');
  });

  it('refuses an autosave of a published or scheduled post, and of a draft being published, changing nothing', async () => {
    const published = await createPost(app, cookie, { status: 'published' });
    const scheduled = await createPost(app, cookie, { status: 'published', publishedAt: '2026-06-01T00:00:00Z' });
    const draft = await createPost(app, cookie);
    for (const [post, changes] of [
      [published, { title: 'Autosaved' }],
      [scheduled, { title: 'Autosaved' }],
      [draft, { status: 'published' }],
    ] as const) {
      const response = await save(post, changes, '?reason=autosave');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/Autosave only saves drafts/);
      const stored = await app.inject(asAdmin(cookie, { url: `/api/blogs/${post._id}` }));
      expect(stored.json()).toEqual(post);
    }
  });

  it('records a restore, and refuses one naming another post’s revision (404) or none (404)', async () => {
    const post = await createPost(app, cookie, { title: 'Original' });
    const other = await createPost(app, cookie);
    const [original] = await history(post._id);
    const [othersRevision] = await history(other._id);

    const foreign = await save(post, { title: 'Original' }, `?reason=restore&revision=${othersRevision!._id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await save(post, { title: 'Original' }, '?reason=restore')).statusCode).toBe(404);

    testApp.clock.advance(1000);
    expect((await save(post, { title: 'Original' }, `?reason=restore&revision=${original!._id}`)).statusCode).toBe(200);
    expect((await history(post._id))[0]).toMatchObject({ reason: 'restore', title: 'Original' });
  });

  it('answers 404 for another post’s revision or an unknown post, 400 for an unknown reason, 401 to visitors', async () => {
    const post = await createPost(app, cookie);
    const other = await createPost(app, cookie);
    const [othersRevision] = await history(other._id);
    const foreign = await app.inject(
      asAdmin(cookie, { url: `/api/blogs/${post._id}/revisions/${othersRevision!._id}` }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, error: 'Not Found', details: [] });
    expect((await app.inject(asAdmin(cookie, { url: '/api/blogs/nope/revisions' }))).statusCode).toBe(404);

    const badReason = await save(post, {}, '?reason=whim');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().details).toEqual([{ path: '/reason', message: expect.any(String) }]);

    const visitor = await app.inject({ url: `/api/blogs/${post._id}/revisions` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toMatch(/Sign in/);
    expect((await app.inject({ url: `/api/blogs/${post._id}/revisions/${othersRevision!._id}` })).statusCode).toBe(401);
  });
});

describe('SEO fields', () => {
  it('stores metaTitle, metaDescription, ogImage and canonicalUrl, empty meaning none', async () => {
    const post = await createPost(app, cookie, {
      metaTitle: ' Title for search ',
      metaDescription: 'What the result says.',
      ogImage: '/media/abc123.jpg',
      canonicalUrl: 'https://elsewhere.example/first',
    });
    expect(post).toMatchObject({
      metaTitle: 'Title for search',
      metaDescription: 'What the result says.',
      ogImage: '/media/abc123.jpg',
      canonicalUrl: 'https://elsewhere.example/first',
    });
    const cleared = await save(post, { metaTitle: '', metaDescription: '', ogImage: '', canonicalUrl: '' });
    expect(cleared.json()).toMatchObject({ metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null });
  });

  it.each([
    ['metaTitle', 'x'.repeat(71)],
    ['metaDescription', 'x'.repeat(161)],
    ['ogImage', 'javascript:alert(1)'],
    ['canonicalUrl', '/relative/path'],
    ['canonicalUrl', 'ftp://example.com/file'],
  ])('refuses a bad %s with 400 naming the field', async (field, value) => {
    const response = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: postInput({ [field]: value }) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: `/${field}`, message: expect.any(String) }]);
  });
});
