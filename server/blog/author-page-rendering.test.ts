import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../src/content/types.gen.ts';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let site: SiteBuild;
let testApp: TestApp;
let app: FastifyInstance;
let writer: { user: AdminUser; cookie: string };
const origin = 'http://127.0.0.1:3000';

beforeAll(async () => {
  site = await buildSiteForTests();
  testApp = await createTestApp({ clientDir: site.clientDir });
  app = testApp.app;
  const ownerCookie = await signIn(app);
  writer = await addMember(app, ownerCookie, 'author', 'Asha Rao');
  await app.inject(
    asAdmin(writer.cookie, {
      method: 'PATCH',
      url: `/api/users/${writer.user._id}`,
      payload: { bio: 'Asha writes about local search, maps listings and the reviews that bring customers in.' },
    }),
  );
  await createPost(app, writer.cookie, {
    status: 'published',
    publishedAt: '2025-06-01T00:00:00Z',
    slug: 'maps-guide',
    title: 'A maps guide',
  });
}, 180_000);
afterAll(async () => {
  await testApp?.close();
  site?.remove();
});

describe('the author page, rendered on the server', () => {
  it('holds the author’s name, bio and posts, with its canonical URL, description, social tags and feed', async () => {
    const response = await app.inject({ url: '/blog/author/asha-rao' });
    expect(response.statusCode).toBe(200);
    // Void elements as the critical-CSS pass writes them, with or without their closing slash.
    const html = response.body.replace(/"\/>/g, '">');
    expect(html).toContain('<h1 id="archive-heading">Posts by Asha Rao</h1>');
    expect(html).toContain('<title>Posts by Asha Rao | Northbeam</title>');
    expect(html).toContain('Asha writes about local search, maps listings and the reviews that bring customers in.');
    expect(html).toContain(
      '<meta name="description" content="Asha writes about local search, maps listings and the reviews that bring customers in.">',
    );
    expect(html).toContain(`<link rel="canonical" href="${origin}/blog/author/asha-rao">`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/blog/author/asha-rao">`);
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="Posts by Asha Rao" href="\/blog\/author\/asha-rao\/rss.xml">/,
    );
    expect(html).toContain('href="/blogs/maps-guide"');
    expect(html).not.toContain('noindex');
  });

  it('shows a new bio at once: a change of profile empties the kept pages', async () => {
    expect((await app.inject({ url: '/blog/author/asha-rao' })).body).toContain('Asha writes about local search');
    const change = await app.inject(
      asAdmin(writer.cookie, {
        method: 'PATCH',
        url: `/api/users/${writer.user._id}`,
        payload: { bio: 'Asha now leads the search team.' },
      }),
    );
    expect(change.statusCode).toBe(200);
    const after = (await app.inject({ url: '/blog/author/asha-rao' })).body;
    expect(after).toContain('Asha now leads the search team.');
    expect(after).not.toContain('Asha writes about local search');
  });

  it('answers 404 with the not-found page, unindexed, for an author with no published post', async () => {
    const response = await app.inject({ url: '/blog/author/nobody-here' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<meta name="robots" content="noindex"\/?>/);
  });

  it.each([
    ['characters no page name has', '/blog/author/Asha%20Rao'],
    ['replacement patterns', `/blog/author/x${'%24%60'.repeat(64)}`],
    ['a name longer than a route parameter', `/blog/author/${'a'.repeat(2000)}`],
    ['a second level', '/blog/author/asha-rao/more'],
  ])('answers a name with %s with the one not-found page of its kind', async (_case, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe((await app.inject({ url: '/blog/author/Another%20Name' })).body);
  });
});

describe('the post page of an author’s post', () => {
  it('links the byline to the author page and names a Person with its URL in the Article data', async () => {
    const response = await app.inject({ url: '/blogs/maps-guide' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/By(?:<!-- -->)? <a [^>]*href="\/blog\/author\/asha-rao"[^>]*>Asha Rao<\/a>/);
    const jsonLd = [...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap(
      ([, json]) => [JSON.parse(json!) as { '@type': string; author?: unknown }].flat(),
    );
    const article = jsonLd.find((data) => data['@type'] === 'Article');
    expect(article?.author).toEqual({ '@type': 'Person', name: 'Asha Rao', url: `${origin}/blog/author/asha-rao` });
  });
});
