import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, BlogPost, TeamMember } from '../../src/content/types.gen.ts';
import { postInput } from '../test-support/posts.ts';
import { addMember, invitationToken, invite, memberPassword } from '../test-support/team.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let owner: string;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signIn(testApp.app);
});
afterAll(() => testApp.close());

const day = 24 * 60 * 60 * 1000;

function send(cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject(asAdmin(cookie, { method, url, ...(payload && { payload }) }));
}

function accept(token: string, payload: object = { name: 'Grace Hopper', password: memberPassword }) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: sameOrigin,
    payload,
  });
}

async function auditActions(): Promise<AuditEntry[]> {
  return (await send(owner, 'GET', '/api/audit?limit=100')).json<AuditEntry[]>();
}

describe('writing posts by role', () => {
  it('refuses a contributor who publishes with 403 naming posts:publish, and keeps a draft with its writer', async () => {
    const { cookie, user } = await addMember(testApp.app, owner, 'contributor', 'Ada Contributor');
    const published = await send(cookie, 'POST', '/api/blogs', postInput({ slug: 'eager', status: 'published' }));
    expect(published.statusCode).toBe(403);
    expect(published.json()).toMatchObject({
      message: expect.stringContaining('"posts:publish"'),
      details: [{ path: '/status', message: expect.any(String) }],
    });
    const draft = await send(cookie, 'POST', '/api/blogs', postInput({ slug: 'patient' }));
    expect(draft.statusCode).toBe(201);
    expect(draft.json<BlogPost>()).toMatchObject({ author: 'Ada Contributor', authorId: user._id, status: 'draft' });
  });

  it('lets a contributor submit a draft for review, which an editor publishes', async () => {
    const contributor = await addMember(testApp.app, owner, 'contributor');
    const editor = await addMember(testApp.app, owner, 'editor');
    const draft = (
      await send(contributor.cookie, 'POST', '/api/blogs', postInput({ slug: 'for-review' }))
    ).json<BlogPost>();
    const submitted = await send(contributor.cookie, 'POST', `/api/blogs/${draft._id}/review`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<BlogPost>().reviewRequestedAt).toBe(testApp.clock.now().toISOString());
    const waiting = (await send(editor.cookie, 'GET', `/api/blogs/${draft._id}`)).json<BlogPost>();
    expect(waiting.reviewRequestedAt).not.toBeNull();
    const published = await send(editor.cookie, 'PUT', `/api/blogs/${draft._id}`, {
      ...postInput({ slug: 'for-review', status: 'published' }),
    });
    expect(published.statusCode).toBe(200);
    expect(published.json<BlogPost>()).toMatchObject({ status: 'published', reviewRequestedAt: null });
    expect(published.json<BlogPost>().authorId).toBe(contributor.user._id);
    const again = await send(contributor.cookie, 'PUT', `/api/blogs/${draft._id}`, postInput({ slug: 'for-review' }));
    expect(again.statusCode).toBe(403);
    expect(again.json<{ message: string }>().message).toContain('"posts:own"');
    expect((await auditActions()).some((entry) => entry.action === 'post-submit-for-review')).toBe(true);
  });

  it('lets an author change their own posts only: another’s is 403 naming posts:others', async () => {
    const author = await addMember(testApp.app, owner, 'author');
    const other = await addMember(testApp.app, owner, 'author');
    const own = (
      await send(author.cookie, 'POST', '/api/blogs', postInput({ slug: 'mine', status: 'published' }))
    ).json<BlogPost>();
    expect(own.status).toBe('published');
    const edited = await send(
      author.cookie,
      'PUT',
      `/api/blogs/${own._id}`,
      postInput({ slug: 'mine', title: 'Mine' }),
    );
    expect(edited.statusCode).toBe(200);
    const theirs = await send(other.cookie, 'PUT', `/api/blogs/${own._id}`, postInput({ slug: 'mine' }));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json<{ message: string }>().message).toContain('"posts:others"');
    const removed = await send(other.cookie, 'DELETE', `/api/blogs/${own._id}`);
    expect(removed.statusCode).toBe(403);
    expect((await send(owner, 'GET', `/api/blogs/${own._id}`)).json<BlogPost>().title).toBe('Mine');
  });
});

describe('POST /api/invitations and accepting one', () => {
  it('gives a link valid for seven days, which signs the new member in once', async () => {
    const invitation = await invite(testApp.app, owner, 'Grace@Northbeam.example', 'author');
    expect(invitation).toMatchObject({ email: 'grace@northbeam.example', role: 'author' });
    expect(invitation.url).toMatch(/^http:\/\/[^/]+\/admin\/invitations\/[\w-]{40,}$/);
    expect(Date.parse(invitation.expiresAt) - testApp.clock.time).toBe(7 * day);
    const accepted = await accept(invitationToken(invitation));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ name: 'Grace Hopper', email: 'grace@northbeam.example', role: 'author' });
    const cookie = accepted.cookies.find((candidate) => candidate.name.includes('session'))!;
    const me = await testApp.app.inject({ url: '/api/auth/me', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.json()).toMatchObject({ role: 'author' });

    const used = await accept(invitationToken(invitation));
    expect(used.statusCode).toBe(410);
    expect(used.json<{ message: string }>().message).toMatch(/used already/);
    const actions = (await auditActions()).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation-create', 'invitation-accept']));
  });

  it('says in words that a link has expired (410), and that a forged one is not valid (404)', async () => {
    const invitation = await invite(testApp.app, owner, 'late@northbeam.example', 'contributor');
    testApp.clock.advance(7 * day + 1);
    const expired = await accept(invitationToken(invitation));
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toMatch(/expired on .* ask an administrator for a new one/);
    const forged = await accept('b'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json<{ message: string }>().message).toMatch(/not valid/);
    // A week later the owner's session has ended too.
    owner = await signIn(testApp.app);
  });

  it('refuses a short password with 400 naming the field, and keeps the link usable', async () => {
    const invitation = await invite(testApp.app, owner, 'careful@northbeam.example', 'author');
    const short = await accept(invitationToken(invitation), { name: 'Careful', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ details: [{ path: '/password' }] });
    expect((await accept(invitationToken(invitation), { name: 'Careful', password: memberPassword })).statusCode).toBe(
      201,
    );
  });

  it.each([
    [{ email: testAdmin.email, role: 'author' }, 409, /member of the team already/],
    [{ email: 'not-an-address', role: 'author' }, 400, /not an e-mail address/],
    [{ email: 'someone@northbeam.example', role: 'boss' }, 400, /must be equal to one of the allowed values/],
    [{ email: 'someone@northbeam.example', role: 'owner' }, 400, /one owner/],
  ])('refuses %j with %i and a sentence', async (payload, status, message) => {
    const response = await send(owner, 'POST', '/api/invitations', payload);
    expect(response.statusCode).toBe(status);
    expect(JSON.stringify(response.json())).toMatch(message);
  });

  it('lets an editor invite authors and contributors only: an administrator is 403 naming users', async () => {
    const editor = await addMember(testApp.app, owner, 'editor');
    const author = await send(editor.cookie, 'POST', '/api/invitations', {
      email: 'a@northbeam.example',
      role: 'author',
    });
    expect(author.statusCode).toBe(201);
    const admin = await send(editor.cookie, 'POST', '/api/invitations', {
      email: 'b@northbeam.example',
      role: 'administrator',
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ message: string }>().message).toContain('"users"');
  });
});

describe('/api/users', () => {
  it('lists the team with role, last sign-in and two-factor status, to administrators only', async () => {
    const list = await send(owner, 'GET', '/api/users');
    expect(list.statusCode).toBe(200);
    const ownerEntry = list.json<TeamMember[]>()[0]!;
    expect(ownerEntry).toMatchObject({ email: testAdmin.email, role: 'owner', twoFactor: false });
    expect(ownerEntry.lastSignInAt).not.toBeNull();
    const editor = await addMember(testApp.app, owner, 'editor');
    const refused = await send(editor.cookie, 'GET', '/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('"users"');
    const promote = await send(editor.cookie, 'PATCH', `/api/users/${editor.user._id}`, { role: 'administrator' });
    expect(promote.statusCode).toBe(403);
  });

  it('changes a role, never the owner’s, and records it', async () => {
    const author = await addMember(testApp.app, owner, 'author');
    const changed = await send(owner, 'PATCH', `/api/users/${author.user._id}`, { role: 'editor' });
    expect(changed.json<TeamMember>().role).toBe('editor');
    expect(
      (await testApp.app.inject({ url: '/api/auth/me', headers: { cookie: author.cookie } })).json(),
    ).toMatchObject({
      role: 'editor',
    });
    const ownerId = (await send(owner, 'GET', '/api/users')).json<TeamMember[]>()[0]!._id;
    const demoted = await send(owner, 'PATCH', `/api/users/${ownerId}`, { role: 'administrator' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json<{ message: string }>().message).toMatch(/owner cannot be demoted/);
    const crowned = await send(owner, 'PATCH', `/api/users/${author.user._id}`, { role: 'owner' });
    expect(crowned.statusCode).toBe(400);
    expect((await auditActions()).some((entry) => entry.action === 'user-role-change')).toBe(true);
  });

  it('lets anyone change their own profile, and no one else’s', async () => {
    const contributor = await addMember(testApp.app, owner, 'contributor');
    const own = await send(contributor.cookie, 'PATCH', `/api/users/${contributor.user._id}`, {
      name: 'Lin Writer',
      bio: 'Writes about shop windows.',
    });
    expect(own.json<TeamMember>()).toMatchObject({ name: 'Lin Writer', bio: 'Writes about shop windows.' });
    const ownerId = (await send(owner, 'GET', '/api/users')).json<TeamMember[]>()[0]!._id;
    const other = await send(contributor.cookie, 'PATCH', `/api/users/${ownerId}`, { name: 'Mallory' });
    expect(other.statusCode).toBe(403);
    const avatar = await send(contributor.cookie, 'PATCH', `/api/users/${contributor.user._id}`, { avatar: 'nope' });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json()).toMatchObject({ details: [{ path: '/avatar' }] });
  });

  it('removes a member: their sessions end and their posts pass to the person chosen', async () => {
    const leaving = await addMember(testApp.app, owner, 'author', 'Leaving Author');
    const heir = await addMember(testApp.app, owner, 'editor', 'Heir Editor');
    const post = (await send(leaving.cookie, 'POST', '/api/blogs', postInput({ slug: 'inherited' }))).json<BlogPost>();
    const without = await send(owner, 'DELETE', `/api/users/${leaving.user._id}`);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ details: [{ path: '/reassignTo' }] });
    const removed = await send(owner, 'DELETE', `/api/users/${leaving.user._id}?reassignTo=${heir.user._id}`);
    expect(removed.statusCode).toBe(204);
    expect((await testApp.app.inject({ url: '/api/auth/me', headers: { cookie: leaving.cookie } })).statusCode).toBe(
      401,
    );
    expect((await send(owner, 'GET', `/api/blogs/${post._id}`)).json<BlogPost>()).toMatchObject({
      authorId: heir.user._id,
      author: 'Heir Editor',
    });
    const ownerId = (await send(owner, 'GET', '/api/users')).json<TeamMember[]>()[0]!._id;
    const ownerRemoval = await send(owner, 'DELETE', `/api/users/${ownerId}`);
    expect(ownerRemoval.statusCode).toBe(409);
    expect((await auditActions()).some((entry) => entry.action === 'user-remove')).toBe(true);
  });
});
