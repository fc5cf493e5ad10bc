import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorOption, BlogPost, BlogPostRevisionSummary } from '../../src/content/types.gen.ts';
import { postInput } from '../test-support/posts.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let owner: string;
let editor: Awaited<ReturnType<typeof addMember>>;
let author: Awaited<ReturnType<typeof addMember>>;
let contributor: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signIn(testApp.app);
  editor = await addMember(testApp.app, owner, 'editor', 'Edith Editor');
  author = await addMember(testApp.app, owner, 'author', 'Aurora Author');
  contributor = await addMember(testApp.app, owner, 'contributor', 'Cora Contributor');
});
afterAll(() => testApp.close());

function send(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return testApp.app.inject(asAdmin(cookie, { method, url, ...(payload && { payload }) }));
}

describe('GET /api/authors', () => {
  it('lists every member who can write, with id, name, slug and role, for editors and above', async () => {
    const response = await send(editor.cookie, 'GET', '/api/authors');
    expect(response.statusCode).toBe(200);
    const writers = response.json<AuthorOption[]>();
    expect(writers[0]!.role).toBe('owner');
    expect(writers).toEqual(
      expect.arrayContaining([
        { _id: author.user._id, name: 'Aurora Author', slug: 'aurora-author', role: 'author' },
        { _id: contributor.user._id, name: 'Cora Contributor', slug: 'cora-contributor', role: 'contributor' },
        { _id: editor.user._id, name: 'Edith Editor', slug: 'edith-editor', role: 'editor' },
      ]),
    );
    expect(writers).toHaveLength(4);
  });

  it('is refused to an author with 403 naming posts:others', async () => {
    const response = await send(author.cookie, 'GET', '/api/authors');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toContain('"posts:others"');
  });
});

describe('a post’s authorId', () => {
  it('lets an editor sign a new post and change who wrote a stored one, the name following', async () => {
    const created = await send(editor.cookie, 'POST', '/api/blogs', postInput({ authorId: author.user._id }));
    expect(created.statusCode).toBe(201);
    const post = created.json<BlogPost>();
    expect(post).toMatchObject({ authorId: author.user._id, author: 'Aurora Author' });

    const changed = await send(editor.cookie, 'PUT', `/api/blogs/${post._id}`, {
      ...postInput({ slug: post.slug, title: post.title }),
      authorId: contributor.user._id,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<BlogPost>()).toMatchObject({ authorId: contributor.user._id, author: 'Cora Contributor' });
    const stored = (await send(owner, 'GET', `/api/blogs/${post._id}`)).json<BlogPost>();
    expect(stored).toMatchObject({ authorId: contributor.user._id, author: 'Cora Contributor' });
    // The history names who saved each version, not who wrote the post.
    const history = (await send(owner, 'GET', `/api/blogs/${post._id}/revisions`)).json<BlogPostRevisionSummary[]>();
    expect(history.map((revision) => revision.author)).toEqual(['Edith Editor', 'Edith Editor']);
  });

  it('refuses an author who gives their post to someone else, or signs a new one with another name: 403 naming posts:others', async () => {
    const own = (await send(author.cookie, 'POST', '/api/blogs', postInput())).json<BlogPost>();
    const given = await send(author.cookie, 'PUT', `/api/blogs/${own._id}`, {
      ...postInput({ slug: own.slug }),
      authorId: editor.user._id,
    });
    expect(given.statusCode).toBe(403);
    expect(given.json()).toMatchObject({
      message: expect.stringContaining('"posts:others"'),
      details: [{ path: '/authorId', message: expect.any(String) }],
    });
    const signed = await send(contributor.cookie, 'POST', '/api/blogs', postInput({ authorId: editor.user._id }));
    expect(signed.statusCode).toBe(403);
    expect(signed.json<{ message: string }>().message).toContain('"posts:others"');
  });

  it('accepts a writer naming themselves, which changes nothing', async () => {
    const own = (
      await send(author.cookie, 'POST', '/api/blogs', postInput({ authorId: author.user._id }))
    ).json<BlogPost>();
    expect(own.authorId).toBe(author.user._id);
    const saved = await send(author.cookie, 'PUT', `/api/blogs/${own._id}`, {
      ...postInput({ slug: own.slug }),
      authorId: author.user._id,
    });
    expect(saved.statusCode).toBe(200);
  });

  it('refuses an id that is no member of the team with 400 on /authorId', async () => {
    const post = (await send(editor.cookie, 'POST', '/api/blogs', postInput())).json<BlogPost>();
    for (const authorId of ['no-such-user', '00000000-0000-4000-8000-000000000000']) {
      const response = await send(editor.cookie, 'PUT', `/api/blogs/${post._id}`, {
        ...postInput({ slug: post.slug }),
        authorId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: expect.stringContaining('not a member of the team'),
        details: [{ path: '/authorId', message: expect.any(String) }],
      });
    }
    const created = await send(owner, 'POST', '/api/blogs', postInput({ authorId: 'nobody' }));
    expect(created.statusCode).toBe(400);
    expect((await send(owner, 'POST', '/api/blogs', postInput({ authorId: '' }))).statusCode).toBe(400);
  });
});
