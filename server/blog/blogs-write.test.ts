import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
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

function post(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject(asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: payload as object, headers }));
}

function put(id: string, payload: unknown) {
  return app.inject(asAdmin(cookie, { method: 'PUT', url: `/api/blogs/${id}`, payload: payload as object }));
}

async function allPosts(): Promise<BlogPost[]> {
  return (await app.inject(asAdmin(cookie, { url: '/api/blogs?status=all&limit=100' }))).json();
}

describe('POST /api/blogs', () => {
  it('creates a post: 201, Location, server-set author and times, draft by default', async () => {
    const response = await post({ title: '  Hello  ', slug: 'hello', content: '<p>Hi</p>' });
    expect(response.statusCode).toBe(201);
    const created = response.json<BlogPost>();
    expect(response.headers.location).toBe(`/api/blogs/${created._id}`);
    expect(created).toMatchObject({
      title: 'Hello',
      slug: 'hello',
      content: '<p>Hi</p>',
      contentFormat: 'html',
      html: '<p>Hi</p>',
      summary: null,
      tags: [],
      categories: [],
      coverImage: null,
      publishedAt: null,
      status: 'draft',
      author: 'Northbeam Team',
      createdAt: '2025-12-01T12:00:00.000Z',
      updatedAt: '2025-12-01T12:00:00.000Z',
    });
    const read = await app.inject(asAdmin(cookie, { url: response.headers.location as string }));
    expect(read.json()).toEqual(created);
  });

  it('ignores the author sent by the client', async () => {
    const created = await createPost(app, cookie, { author: 'Mallory' });
    expect(created.author).toBe('Northbeam Team');
  });

  it('publishes now when a published post has no publishedAt', async () => {
    for (const publishedAt of [undefined, '', null]) {
      const created = await createPost(app, cookie, { status: 'published', publishedAt });
      expect(created.publishedAt).toBe('2025-12-01T12:00:00.000Z');
    }
  });

  it('keeps a given publishedAt, a date alone meaning midnight UTC', async () => {
    expect((await createPost(app, cookie, { publishedAt: '2025-03-04' })).publishedAt).toBe('2025-03-04T00:00:00.000Z');
    const withOffset = await createPost(app, cookie, { publishedAt: '2025-03-04T10:00:00+05:30' });
    expect(withOffset.publishedAt).toBe('2025-03-04T04:30:00.000Z');
  });

  it('accepts tags and categories as comma-separated text, trimmed, without empties or repeats', async () => {
    const created = await createPost(app, cookie, {
      tags: ' SEO, local ,,seo, Local SEO ' as unknown as string[],
      categories: ['Growth', ' growth', '', 'Strategy '],
    });
    expect(created.tags).toEqual(['SEO', 'local', 'Local SEO']);
    expect(created.categories).toEqual(['Growth', 'Strategy']);
  });

  it('stores sanitised HTML beside the source and renders Markdown', async () => {
    const html = await createPost(app, cookie, {
      content:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    });
    expect(html.content).toContain('<script>');
    expect(html.html).toBe('<p>Hi</p><a>x</a><img src="x" />');

    const markdown = await createPost(app, cookie, {
      contentFormat: 'markdown',
      content: '## Why\n\nIt **works**. <script>alert(1)</script>\n\n[site](https://example.com)',
    });
    expect(markdown.html).toContain('<h2>Why</h2>');
    expect(markdown.html).toContain('<strong>works</strong>');
    expect(markdown.html).toContain('<a href="https://example.com">site</a>');
    expect(markdown.html).not.toContain('<script');
  });

  it('answers 409 naming the slug when another post has it', async () => {
    await createPost(app, cookie, { slug: 'taken' });
    const response = await post(postInput({ slug: 'taken' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ path: '/slug', message: 'is already used by another post' }]);
    expect(await allPosts()).toHaveLength(1);
  });

  describe('rejects bad bodies with 400, a detail per field, and no change', () => {
    const cases: [string, unknown, string[]][] = [
      ['title, slug and content missing', {}, ['/title', '/slug', '/content']],
      ['a blank title', postInput({ title: '   ' }), ['/title']],
      ['a slug that is not lower-case words and hyphens', postInput({ slug: 'Hello World' }), ['/slug']],
      ['a summary over 160 characters', postInput({ summary: 'x'.repeat(161) }), ['/summary']],
      ['an unknown field', { ...postInput(), views: 3 }, ['/views']],
      ['a number for a string', { ...postInput(), title: 42 }, ['/title']],
      ['a javascript: cover image', postInput({ coverImage: 'javascript:alert(1)' }), ['/coverImage']],
      ['an unknown status', { ...postInput(), status: 'secret' }, ['/status']],
      ['a date that is not a date', { ...postInput(), publishedAt: 'next week' }, ['/publishedAt']],
      ['a leap second', { ...postInput(), publishedAt: '2016-12-31T23:59:60Z' }, ['/publishedAt']],
      ['a list of numbers as tags', { ...postInput(), tags: [1, 2] }, ['/tags/0', '/tags/1']],
      ['a JSON array', [postInput()], ['/']],
    ];
    it.each(cases)('%s', async (_name, payload, paths) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(body.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
      expect(await allPosts()).toEqual([]);
    });
  });

  it('accepts a summary of exactly 160 characters', async () => {
    expect((await post(postInput({ summary: 'x'.repeat(160) }))).statusCode).toBe(201);
  });

  it('answers malformed JSON, an empty body and other media types with 4xx', async () => {
    const malformed = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: '{"title":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/not valid JSON/);

    const empty = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: '',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(empty.statusCode).toBe(400);

    const text = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: 'title=x',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(text.statusCode).toBe(415);
    expect(await allPosts()).toEqual([]);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await post(postInput({ content: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large', details: [] });
  });
});

describe('PUT /api/blogs/:id', () => {
  it('replaces the fields, keeps author and createdAt, and moves updatedAt forward', async () => {
    const created = await createPost(app, cookie, { tags: ['a'], summary: 'First' });
    testApp.clock.advance(60_000);
    const response = await put(created._id, {
      title: 'Renamed',
      slug: 'renamed',
      content: '<p>New</p>',
      tags: 'x, y' as unknown as string[],
      status: 'published',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...created,
      title: 'Renamed',
      slug: 'renamed',
      content: '<p>New</p>',
      html: '<p>New</p>',
      summary: null,
      tags: ['x', 'y'],
      status: 'published',
      publishedAt: '2025-12-01T12:01:00.000Z',
      updatedAt: '2025-12-01T12:01:00.000Z',
    });
  });

  it("keeps publishedAt when the body does not send it, as the specification's edit form does", async () => {
    const created = await createPost(app, cookie, { status: 'published', publishedAt: '2025-05-20' });
    const updated = await put(created._id, { title: 'T', slug: created.slug, content: 'C', status: 'published' });
    expect(updated.json().publishedAt).toBe('2025-05-20T00:00:00.000Z');
  });

  it('answers 409 when the post changed after the editor read it, and keeps the other edit', async () => {
    const created = await createPost(app, cookie);
    testApp.clock.advance(1000);
    const first = await put(created._id, {
      ...postInput({ slug: created.slug, title: 'First editor' }),
      updatedAt: created.updatedAt,
    });
    expect(first.statusCode).toBe(200);

    const second = await put(created._id, {
      ...postInput({ slug: created.slug, title: 'Second editor' }),
      updatedAt: created.updatedAt,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toEqual([{ path: '/updatedAt', message: 'is older than the stored version' }]);
    expect((await allPosts())[0]?.title).toBe('First editor');
  });

  it('detects a conflict even when both edits happen within the same millisecond', async () => {
    const created = await createPost(app, cookie);
    const first = (
      await put(created._id, { ...postInput({ slug: created.slug }), updatedAt: created.updatedAt })
    ).json();
    expect(first.updatedAt > created.updatedAt).toBe(true);
    const second = await put(created._id, { ...postInput({ slug: created.slug }), updatedAt: created.updatedAt });
    expect(second.statusCode).toBe(409);
  });

  it('answers 409 when the new slug belongs to another post', async () => {
    await createPost(app, cookie, { slug: 'first' });
    const second = await createPost(app, cookie, { slug: 'second' });
    const response = await put(second._id, postInput({ slug: 'first' }));
    expect(response.statusCode).toBe(409);
    expect((await allPosts()).map((each) => each.slug).sort()).toEqual(['first', 'second']);
  });

  it('answers 404 for an unknown id and 400 for a bad body, changing nothing', async () => {
    expect((await put('no-such-id', postInput())).statusCode).toBe(404);
    const created = await createPost(app, cookie);
    expect((await put(created._id, { ...postInput(), summary: 'x'.repeat(161) })).statusCode).toBe(400);
    expect(await allPosts()).toEqual([created]);
  });
});

describe('DELETE /api/blogs/:id', () => {
  it('deletes: 204, then 410 for its id and 404 for a second delete', async () => {
    const created = await createPost(app, cookie, { tags: ['gone'] });
    const remove = () => app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${created._id}` }));
    const response = await remove();
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await app.inject(asAdmin(cookie, { url: `/api/blogs/${created._id}` }))).statusCode).toBe(410);
    expect((await remove()).statusCode).toBe(404);
  });
});
