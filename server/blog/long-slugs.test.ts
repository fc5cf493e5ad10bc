import { readFileSync, rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createPost, postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

const postSchema = JSON.parse(readFileSync('schemas/blog-post.schema.json', 'utf8')) as {
  properties: { slug: { maxLength: number } };
};
const longestSlug = postSchema.properties.slug.maxLength;

/** Words joined by hyphens, exactly `length` characters long. */
function slugOfLength(length: number): string {
  const words = 'a-long-title-about-search-engine-optimisation-'.repeat(Math.ceil(length / 40));
  const slug = words.slice(0, length);
  return slug.endsWith('-') ? `${slug.slice(0, -2)}xx` : slug;
}

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
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the longest slug a post may have', () => {
  it('can be read at its API address and its page once published', async () => {
    const slug = slugOfLength(longestSlug);
    expect(slug).toHaveLength(longestSlug);
    const post = await createPost(app, cookie, { title: 'A title as long as its slug', slug, status: 'published' });

    const api = await app.inject({ url: `/api/blogs/slug/${slug}` });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ _id: post._id, slug });

    const page = await app.inject({ url: `/blogs/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>A title as long as its slug</h1>');
  });

  it('is refused one character longer, with the field and the limit named', async () => {
    const response = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: postInput({ slug: slugOfLength(longestSlug + 1) }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '/slug', message: `must NOT have more than ${longestSlug} characters` },
    ]);
  });
});
