import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPassword } from './set-password.ts';
import { testScryptCost } from './password.ts';
import { openDatabase } from '../store/database.ts';
import { createPost } from '../test-support/posts.ts';
import { createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;

beforeEach(async () => {
  testApp = await createTestApp();
});
afterEach(() => testApp.close());

const hour = 60 * 60 * 1000;

function logIn(credentials: { email: string; password: string }, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...sameOrigin, ...headers },
    payload: credentials,
  });
}

function me(cookie: string) {
  return testApp.app.inject({ url: '/api/auth/me', headers: { cookie } });
}

describe('POST /api/auth/login', () => {
  it('signs in: 200 with name and e-mail, and an httpOnly SameSite=Strict session cookie', async () => {
    const response = await logIn({ email: 'Editor@Northbeam.example ', password: testAdmin.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Northbeam Team', email: testAdmin.email, role: 'owner' });
    expect(response.headers['cache-control']).toBe('no-store');
    const [session, device] = response.headers['set-cookie'] as string[];
    expect(session).toMatch(/^northbeam_session=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(device).toMatch(/^northbeam_device=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('uses a Secure __Host- cookie over HTTPS behind a trusted proxy', async () => {
    const app = await testApp.restart({ trustProxy: true });
    const viaProxy = { host: 'northbeam.example', 'x-forwarded-proto': 'https' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...viaProxy, origin: 'https://northbeam.example' },
      payload: testAdmin,
    });
    expect((response.headers['set-cookie'] as string[])[0]).toMatch(
      /^__Host-northbeam_session=[\w-]+; .*Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const cookie = `${response.cookies[0]!.name}=${response.cookies[0]!.value}`;
    expect((await app.inject({ url: '/api/auth/me', headers: { ...viaProxy, cookie } })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await logIn({ email: testAdmin.email, password: 'not the password' });
    const unknownEmail = await logIn({ email: 'nobody@northbeam.example', password: testAdmin.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 to a body without e-mail or password', async () => {
    expect((await logIn({ email: testAdmin.email } as never)).statusCode).toBe(400);
  });

  it('gives a new session at every sign-in and ends the one the browser held', async () => {
    const first = await signIn(testApp.app);
    const second = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...sameOrigin, cookie: first },
      payload: testAdmin,
    });
    const secondCookie = `${second.cookies[0]!.name}=${second.cookies[0]!.value}`;
    expect(secondCookie).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(200);
  });
});

describe('throttling failed sign-ins', () => {
  it('answers 429 with Retry-After after 5 failures for an account, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await logIn({ email: testAdmin.email, password: `wrong ${attempt}` })).statusCode).toBe(401);
      testApp.clock.advance(60_000);
    }
    const blocked = await logIn(testAdmin);
    expect(blocked.statusCode).toBe(429);
    // The first failure was 5 minutes ago: its 15-minute window ends in 10 minutes.
    expect(blocked.headers['retry-after']).toBe('600');
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    testApp.clock.advance(599_000);
    expect((await logIn(testAdmin)).statusCode).toBe(429);
    testApp.clock.advance(1000);
    expect((await logIn(testAdmin)).statusCode).toBe(200);
  });

  it('counts failures per account whatever the case of the e-mail', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await logIn({ email: attempt % 2 ? testAdmin.email.toUpperCase() : testAdmin.email, password: 'wrong password' });
    }
    expect((await logIn(testAdmin)).statusCode).toBe(429);
  });

  it('answers 429 after 20 failures from one address across accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await logIn({ email: `user${attempt}@example.com`, password: 'wrong password' })).statusCode).toBe(401);
    }
    const blocked = await logIn(testAdmin);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(900);
    const otherAddress = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      remoteAddress: '203.0.113.9',
      payload: testAdmin,
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('never checks more than 5 parallel guesses', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) => logIn({ email: testAdmin.email, password: `guess ${attempt}` })),
    );
    const checked = guesses.filter((guess) => guess.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((guess) => guess.statusCode === 429)).toHaveLength(12 - checked);
  });

  it('forgives an account its earlier failures when it signs in', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1)
      await logIn({ email: testAdmin.email, password: 'typo typo typo' });
    expect((await logIn(testAdmin)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1)
      await logIn({ email: testAdmin.email, password: 'typo typo typo' });
    expect((await logIn(testAdmin)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers 200 when signed in and 401 otherwise', async () => {
    const cookie = await signIn(testApp.app);
    expect((await me(cookie)).json()).toMatchObject({ name: 'Northbeam Team', email: testAdmin.email, role: 'owner' });
    expect((await testApp.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me('northbeam_session=forged')).statusCode).toBe(401);
  });

  it('GET /api/auth/me gives one’s own profile: the author page’s name, the bio and the avatar', async () => {
    const cookie = await signIn(testApp.app);
    const before = (await me(cookie)).json();
    expect(before).toMatchObject({ bio: null, avatar: null });
    expect(typeof before.slug).toBe('string');
    const patch = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${before._id}`,
      headers: { ...sameOrigin, cookie },
      payload: { bio: 'Writes about lighthouses.' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({
      slug: before.slug,
      bio: 'Writes about lighthouses.',
      avatar: null,
    });
  });

  it('ends after 8 hours without activity', async () => {
    const cookie = await signIn(testApp.app);
    testApp.clock.advance(8 * hour - 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    testApp.clock.advance(8 * hour - 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    testApp.clock.advance(8 * hour);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends 7 days after sign-in however active', async () => {
    const cookie = await signIn(testApp.app);
    for (let elapsed = 0; elapsed < 7 * 24 * hour - 7 * hour; elapsed += 7 * hour) {
      testApp.clock.advance(7 * hour);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    testApp.clock.advance(7 * hour);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('POST /api/auth/logout ends the session on the server and clears the cookie', async () => {
    const cookie = await signIn(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin, cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^northbeam_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/,
    );
    expect((await me(cookie)).statusCode).toBe(401);
    const write = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/blogs/any',
      headers: { ...sameOrigin, cookie },
    });
    expect(write.statusCode).toBe(401);
  });

  it('ends every session of a user whose password is changed', async () => {
    const cookies = [await signIn(testApp.app), await signIn(testApp.app)];
    await createPost(testApp.app, cookies[0]!);
    const db = openDatabase(testApp.store);
    try {
      const change = { email: testAdmin.email, password: 'a brand new passphrase', passwordCost: testScryptCost };
      await setPassword(db, { ...change, now: testApp.clock.now() });
    } finally {
      await db.destroy();
    }
    for (const cookie of cookies) expect((await me(cookie)).statusCode).toBe(401);
    expect((await logIn(testAdmin)).statusCode).toBe(401);
    expect((await logIn({ email: testAdmin.email, password: 'a brand new passphrase' })).statusCode).toBe(200);
  });
});
