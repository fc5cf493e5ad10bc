import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Author, BlogPost, TeamMember } from '../../src/content/types.gen.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;
let ownerCookie: string;
let writer: { user: AdminUser; cookie: string };
let drafter: { user: AdminUser; cookie: string };
let writersPost: BlogPost;
let teamPost: BlogPost;

const published = { status: 'published' as const, publishedAt: '2025-06-01T00:00:00Z' };
const origin = 'http://127.0.0.1:3000';

async function changeProfile(cookie: string, id: string, payload: object): Promise<TeamMember> {
  const response = await app.inject(asAdmin(cookie, { method: 'PATCH', url: `/api/users/${id}`, payload }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TeamMember>();
}

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({ clientDir, seedExamples: true });
  app = testApp.app;
  ownerCookie = await signIn(app);
  writer = await addMember(app, ownerCookie, 'author', 'Asha Rao');
  drafter = await addMember(app, ownerCookie, 'contributor', 'Dev Mehta');
  await changeProfile(writer.cookie, writer.user._id, { bio: 'Writes about local search & maps.' });
  writersPost = await createPost(app, writer.cookie, { ...published, slug: 'maps-guide', title: 'A maps guide' });
  await createPost(app, writer.cookie, { slug: 'writers-draft', title: 'Not out yet' });
  await createPost(app, drafter.cookie, { slug: 'drafters-draft', title: 'A draft for review' });
  const examples = (await app.inject({ url: '/api/blogs?limit=100' })).json<BlogPost[]>();
  teamPost = examples.find((post) => post.authorId === null)!;
});
afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the author of a post', () => {
  it('is named by the URL name of their page in every post record; posts the team signs have none', async () => {
    expect(writersPost.authorSlug).toBe('asha-rao');
    const read = (await app.inject({ url: '/api/blogs/slug/maps-guide' })).json<BlogPost>();
    expect(read).toMatchObject({ author: 'Asha Rao', authorSlug: 'asha-rao', authorId: writer.user._id });
    expect(teamPost).toBeDefined();
    expect(teamPost.authorSlug).toBeNull();
  });
});

describe('GET /api/authors/{slug}', () => {
  it('answers anyone with the name, slug, bio and avatar of an author with a published post', async () => {
    const response = await app.inject({ url: '/api/authors/asha-rao' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Author>()).toEqual({
      name: 'Asha Rao',
      slug: 'asha-rao',
      bio: 'Writes about local search & maps.',
      avatar: null,
    });
  });

  it('answers 404 with a sentence for an unknown author and for one without a published post', async () => {
    for (const slug of ['nobody-here', 'dev-mehta']) {
      const response = await app.inject({ url: `/api/authors/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(
        `No author with a published post has the page "${slug}".`,
      );
    }
  });

  it.each([
    ['capitals and a space', 'Asha%20Rao'],
    ['a trailing hyphen', 'asha-rao-'],
    ['replacement patterns', 'x%24%60%24%26'],
    ['a dot', 'asha.rao'],
  ])('refuses a name with %s with 400 and a sentence, never a 5xx', async (_case, slug) => {
    const response = await app.inject({ url: `/api/authors/${slug}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^No author can be named .*\.$/);
  });

  it('refuses a name longer than any page name with a 4xx and a sentence', async () => {
    for (const slug of ['a'.repeat(121), 'a'.repeat(5000)]) {
      const response = await app.inject({ url: `/api/authors/${slug}` });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json<{ message: string }>().message).toMatch(/\.$/);
    }
  });

  it('gives the avatar as the site path of the image, and forgets kept answers when the profile changes', async () => {
    const before = await app.inject({ url: '/api/authors/asha-rao' });
    expect(before.json<Author>().avatar).toBeNull();
    const image = await uploadImage(app, writer.cookie, await testImage(200, 200), 'asha.png', 'Asha');
    await changeProfile(writer.cookie, writer.user._id, { avatar: image._id, bio: 'Now also writes about reviews.' });
    const after = (await app.inject({ url: '/api/authors/asha-rao' })).json<Author>();
    expect(after.avatar).toBe(image.url);
    expect(after.bio).toBe('Now also writes about reviews.');
  });
});

describe('GET /api/blogs?author=', () => {
  it('lists only the published posts of the author, and none for an unknown or bad name', async () => {
    const response = await app.inject({ url: '/api/blogs?author=asha-rao' });
    expect(response.statusCode).toBe(200);
    expect(response.json<BlogPost[]>().map((post) => post.slug)).toEqual(['maps-guide']);
    expect(response.headers['x-total-count']).toBe('1');
    for (const author of ['dev-mehta', 'nobody', 'Not%20A%20Name']) {
      const none = await app.inject({ url: `/api/blogs?author=${author}` });
      expect(none.statusCode, author).toBe(200);
      expect(none.json<BlogPost[]>(), author).toEqual([]);
    }
    const tooLong = await app.inject({ url: `/api/blogs?author=${'a'.repeat(121)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps the author in the pagination links', async () => {
    await createPost(app, writer.cookie, { ...published, slug: 'second-guide', title: 'A second guide' });
    const response = await app.inject({ url: '/api/blogs?author=asha-rao&limit=1' });
    expect(response.headers.link).toBe('</api/blogs?limit=1&offset=1&author=asha-rao>; rel="next"');
  });
});

describe('the author feed and the sitemap', () => {
  it('serves /blog/author/{slug}/rss.xml with the author’s published posts', async () => {
    const feed = await app.inject({ url: '/blog/author/asha-rao/rss.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.body).toContain('<title>Northbeam blog: posts by Asha Rao</title>');
    expect(feed.body).toContain(`<link>${origin}/blog/author/asha-rao</link>`);
    expect(feed.body).toContain(`<atom:link href="${origin}/blog/author/asha-rao/rss.xml"`);
    expect(feed.body).toContain(`<link>${origin}/blogs/maps-guide</link>`);
    expect(feed.body).not.toContain('writers-draft');
    expect(feed.body).not.toContain(`/blogs/${teamPost.slug}<`);
  });

  it.each([
    ['an unknown author', '/blog/author/nobody-here/rss.xml'],
    ['an author with drafts only', '/blog/author/dev-mehta/rss.xml'],
    ['a name no author can have', '/blog/author/Asha%20Rao/rss.xml'],
  ])('answers 404 for the feed of %s', async (_case, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/^No author/);
  });

  it('lists the page of every author with a published post in the sitemap, with lastmod', async () => {
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toMatch(
      new RegExp(
        `<url><loc>${origin}/blog/author/asha-rao</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`,
      ),
    );
    expect(sitemap).not.toContain('/blog/author/dev-mehta');
  });
});

describe('the address of an author page', () => {
  it('follows a new name while no post is published, and stays once one is', async () => {
    const drafterRenamed = await changeProfile(drafter.cookie, drafter.user._id, { name: 'Devika Mehta' });
    expect(drafterRenamed.slug).toBe('devika-mehta');
    const writerRenamed = await changeProfile(writer.cookie, writer.user._id, { name: 'Asha R. Iyer' });
    expect(writerRenamed.slug).toBe('asha-rao');
    const author = (await app.inject({ url: '/api/authors/asha-rao' })).json<Author>();
    expect(author.name).toBe('Asha R. Iyer');
    const post = (await app.inject({ url: '/api/blogs/slug/maps-guide' })).json<BlogPost>();
    expect(post).toMatchObject({ author: 'Asha R. Iyer', authorSlug: 'asha-rao' });
  });

  it('never takes another user’s page name when it follows a new name', async () => {
    const renamed = await changeProfile(drafter.cookie, drafter.user._id, { name: 'Asha Rao' });
    expect(renamed.slug).toBe('asha-rao-2');
  });
});

describe('a profile changed through another instance', () => {
  it('is served by this one within a second: the change counts as a write of the blog', async () => {
    const other = await testApp.addInstance();
    const bioOn = async (instance: FastifyInstance) =>
      (await instance.inject({ url: '/api/authors/asha-rao' })).json<Author>().bio;
    // Kept by this instance now; the test clock stands still, so only the write counter can make it go.
    const before = await bioOn(app);
    expect(await bioOn(app)).toBe(before);
    const changed = await other.inject(
      asAdmin(writer.cookie, {
        method: 'PATCH',
        url: `/api/users/${writer.user._id}`,
        payload: { bio: 'Changed on the other instance.' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    const start = performance.now();
    while ((await bioOn(app)) !== 'Changed on the other instance.') {
      expect(performance.now() - start).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
