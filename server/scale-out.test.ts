import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../src/content/types.gen.ts';
import { createClientFixture } from './test-support/client-fixture.ts';
import { createPost } from './test-support/posts.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from './test-support/test-app.ts';

let testApp: TestApp;
let clientDir: string;
let first: FastifyInstance;
let second: FastifyInstance;

beforeEach(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir });
  first = testApp.app;
  second = await testApp.addInstance();
});

afterEach(async () => {
  await testApp.close();
  rmSync(dirname(clientDir), { recursive: true, force: true });
});

const publicTitles = async (app: FastifyInstance) =>
  (await app.inject({ url: '/api/blogs' })).json<BlogPost[]>().map((post) => post.title);
const blogPage = async (app: FastifyInstance) => (await app.inject({ url: '/blog' })).body;
const postPage = async (app: FastifyInstance, slug: string) => app.inject({ url: `/blogs/${slug}` });

/** Milliseconds until `condition` holds, checked every 10 ms; fails after two seconds. */
async function timeUntil(condition: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await condition())) {
    if (performance.now() - start > 2000) throw new Error('still not seen after two seconds');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - start;
}

// The test clock stands still, so cached responses never expire by age here: only noticing the other instance's
// write can refresh them.
describe('two server instances on one database', () => {
  it('share sessions: signed in on one, an admin writes through the other with the same cookie', async () => {
    const cookie = await signIn(first);
    const written = await second.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: { title: 'Written on the second', slug: 'written-on-the-second', content: '<p>Hi</p>' },
      }),
    );
    expect(written.statusCode).toBe(201);
    const post = written.json<BlogPost>();

    for (const app of [first, second]) {
      const read = await app.inject(asAdmin(cookie, { url: `/api/blogs/${post._id}` }));
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(post);
    }
    const loggedOut = await second.inject(asAdmin(cookie, { method: 'POST', url: '/api/auth/logout' }));
    expect(loggedOut.statusCode).toBe(204);
    expect((await first.inject(asAdmin(cookie, { url: '/api/auth/me' }))).statusCode).toBe(401);
  });

  it('serve a post published through one from the other, in the list and the page', async () => {
    expect(await publicTitles(second)).toEqual([]);
    const cookie = await signIn(first);
    const post = await createPost(first, cookie, { title: 'Fresh news', status: 'published' });

    const elapsed = await timeUntil(async () => (await publicTitles(second)).includes('Fresh news'));
    expect(elapsed).toBeLessThan(1000);
    const page = await postPage(second, post.slug);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Fresh news</h1>');
    expect(await blogPage(second)).toContain('Fresh news');
  });

  it('stop serving a post deleted through one from the other within one second: list, page and listing page', async () => {
    const cookie = await signIn(first);
    const post = await createPost(first, cookie, { title: 'Short-lived', status: 'published' });
    await timeUntil(async () => (await publicTitles(second)).includes('Short-lived'));
    expect((await postPage(second, post.slug)).statusCode).toBe(200);
    expect(await blogPage(second)).toContain('Short-lived');

    const deleted = await first.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${post._id}` }));
    expect(deleted.statusCode).toBe(204);
    const elapsed = await timeUntil(
      async () =>
        !(await publicTitles(second)).includes('Short-lived') &&
        (await postPage(second, post.slug)).statusCode === 410 &&
        !(await blogPage(second)).includes('Short-lived'),
    );
    expect(elapsed).toBeLessThan(1000);
  });

  it('serve an edit made through one from the other within one second', async () => {
    const cookie = await signIn(second);
    const post = await createPost(second, cookie, { title: 'Before the edit', status: 'published' });
    await timeUntil(async () => (await postPage(first, post.slug)).body.includes('Before the edit'));

    const edited = await second.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: { title: 'After the edit', slug: post.slug, content: post.content, status: 'published' },
      }),
    );
    expect(edited.statusCode).toBe(200);
    const elapsed = await timeUntil(async () => (await postPage(first, post.slug)).body.includes('After the edit'));
    expect(elapsed).toBeLessThan(1000);
    expect(await publicTitles(first)).toEqual(['After the edit']);
  });

  it('count failed sign-ins together: after five on either, the right password is refused on both', async () => {
    for (const app of [first, second, first, second, first]) {
      const attempt = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { email: testAdmin.email, password: 'not the password at all' },
      });
      expect(attempt.statusCode).toBe(401);
    }
    const rightPassword = await second.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: testAdmin,
    });
    expect(rightPassword.statusCode).toBe(429);
  });
});
