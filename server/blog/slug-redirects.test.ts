import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { createPost } from '../test-support/posts.ts';
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

async function rename(post: BlogPost, slug: string) {
  testApp.clock.advance(1000);
  const { title, content, status } = post;
  return app.inject(
    asAdmin(cookie, { method: 'PUT', url: `/api/blogs/${post._id}`, payload: { title, content, status, slug } }),
  );
}

const readSlug = (slug: string) => app.inject({ url: `/api/blogs/slug/${slug}` });

describe('slugs that never break', () => {
  it('answers 301 from an old slug to the new API address, a chain of renames in one hop', async () => {
    const post = await createPost(app, cookie, { slug: 'first-name', status: 'published' });
    expect((await rename(post, 'second-name')).statusCode).toBe(200);
    expect((await rename(post, 'third-name')).statusCode).toBe(200);

    for (const old of ['first-name', 'second-name']) {
      const response = await readSlug(old);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/api/blogs/slug/third-name');
    }
    expect((await readSlug('third-name')).json()).toMatchObject({ _id: post._id, slug: 'third-name' });
    expect((await readSlug('never-was')).statusCode).toBe(404);
  });

  it('does not reveal the new slug of a post visitors cannot see, but shows it to admins', async () => {
    const draft = await createPost(app, cookie, { slug: 'draft-before' });
    await rename(draft, 'draft-after');
    expect((await readSlug('draft-before')).statusCode).toBe(404);
    const asEditor = await app.inject(asAdmin(cookie, { url: '/api/blogs/slug/draft-before' }));
    expect(asEditor.statusCode).toBe(301);
    expect(asEditor.headers.location).toBe('/api/blogs/slug/draft-after');
  });

  it('releases an old slug when another post takes it; a slug another post uses now stays 409', async () => {
    const moved = await createPost(app, cookie, { slug: 'shared-name', status: 'published' });
    await rename(moved, 'moved-name');
    const taker = await createPost(app, cookie, { slug: 'shared-name', status: 'published' });
    expect((await readSlug('shared-name')).json()).toMatchObject({ _id: taker._id });

    const clash = await rename(taker, 'moved-name');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ path: '/slug', message: 'is already used by another post' }]);
  });

  it('keeps an old slug leading to its post while a draft borrows it, until that draft is published', async () => {
    const moved = await createPost(app, cookie, { slug: 'old-home', status: 'published' });
    await rename(moved, 'new-home');
    const draft = await createPost(app, cookie, { slug: 'old-home' });
    const visitor = await readSlug('old-home');
    expect(visitor.statusCode).toBe(301);
    expect(visitor.headers.location).toBe('/api/blogs/slug/new-home');
    expect((await app.inject(asAdmin(cookie, { url: '/api/blogs/slug/old-home' }))).json()).toMatchObject({
      _id: draft._id,
    });
    // The draft moves on: the old address still leads to the post that had it.
    await rename(draft, 'elsewhere');
    expect((await readSlug('old-home')).headers.location).toBe('/api/blogs/slug/new-home');
    // Published under the old slug, the new post takes it over.
    testApp.clock.advance(1000);
    const { title, content } = draft;
    const published = await app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: `/api/blogs/${draft._id}`,
        payload: { title, content, status: 'published', slug: 'old-home' },
      }),
    );
    expect(published.statusCode).toBe(200);
    expect((await readSlug('old-home')).json()).toMatchObject({ _id: draft._id });
  });

  it('lets a post take back its own old slug', async () => {
    const post = await createPost(app, cookie, { slug: 'back-and-forth', status: 'published' });
    await rename(post, 'away');
    expect((await rename(post, 'back-and-forth')).statusCode).toBe(200);
    expect((await readSlug('back-and-forth')).statusCode).toBe(200);
    const away = await readSlug('away');
    expect(away.statusCode).toBe(301);
    expect(away.headers.location).toBe('/api/blogs/slug/back-and-forth');
  });

  it('answers 410 for every address of a deleted post, until another post takes its slug', async () => {
    const post = await createPost(app, cookie, { slug: 'old-address', status: 'published' });
    await rename(post, 'last-address');
    expect((await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${post._id}` }))).statusCode).toBe(
      204,
    );
    for (const url of ['/api/blogs/slug/old-address', '/api/blogs/slug/last-address', `/api/blogs/${post._id}`]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({
        statusCode: 410,
        error: 'Gone',
        message: expect.stringMatching(/deleted/),
      });
    }
    await createPost(app, cookie, { slug: 'last-address', status: 'published' });
    expect((await readSlug('last-address')).statusCode).toBe(200);
  });
});
