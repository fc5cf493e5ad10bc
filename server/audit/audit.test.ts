import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from './audit-log.ts';
import { openDatabase } from '../store/database.ts';
import { createPost } from '../test-support/posts.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { cookiesOf, currentCode, turnOnTwoFactor, withPassword } from '../test-support/two-factor.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

interface SessionJson {
  _id: string;
  current: boolean;
}

interface AuditJson {
  _id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  address: string | null;
  outcome: string;
}

async function readAudit(query = '') {
  const response = await app.inject(asAdmin(cookie, { url: `/api/audit${query}` }));
  expect(response.statusCode).toBe(200);
  return { entries: response.json<AuditJson[]>(), total: Number(response.headers['x-total-count']), response };
}

const tick = () => testApp.clock.advance(1000);

describe('the audit log', () => {
  it('records sign-ins, failed sign-ins, post writes, session revocations, 2FA changes and sign-outs', async () => {
    tick();
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: testAdmin.email, password: 'wrong password' },
      remoteAddress: '198.51.100.4',
    });
    tick();
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: 'nobody@northbeam.example', password: 'wrong password' },
    });
    tick();
    const post = await createPost(app, cookie);
    tick();
    await app.inject(
      asAdmin(cookie, { method: 'PUT', url: `/api/blogs/${post._id}`, payload: postInput({ title: 'Changed' }) }),
    );
    tick();
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${post._id}` }));
    tick();
    const other = await signIn(app);
    tick();
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: '/api/auth/sessions' }));
    tick();
    const setup = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/auth/2fa/setup', payload: withPassword }),
    );
    const { secret } = setup.json<{ secret: string }>();
    tick();
    await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/auth/2fa/enable',
        payload: { code: currentCode(secret, testApp.clock), ...withPassword },
      }),
    );
    testApp.clock.advance(30_000);
    await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/auth/2fa/disable',
        payload: { currentPassword: testAdmin.password, code: currentCode(secret, testApp.clock) },
      }),
    );
    tick();
    await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/auth/logout' }));
    tick();
    cookie = await signIn(app);
    expect(other).not.toBe(cookie);

    const { entries, total } = await readAudit('?limit=100');
    const summary = entries.map(({ actor, action, target, outcome }) => [actor, action, target, outcome]);
    expect(summary.reverse()).toEqual([
      [testAdmin.email, 'sign-in', null, 'success'],
      [testAdmin.email, 'sign-in', null, 'failure'],
      [null, 'sign-in', null, 'failure'],
      [testAdmin.email, 'post-create', post._id, 'success'],
      [testAdmin.email, 'post-update', post._id, 'success'],
      [testAdmin.email, 'post-delete', post._id, 'success'],
      [testAdmin.email, 'sign-in', null, 'success'],
      [testAdmin.email, 'session-revoke', 'all other sessions', 'success'],
      [testAdmin.email, 'two-factor-setup', null, 'success'],
      [testAdmin.email, 'two-factor-enable', null, 'success'],
      [testAdmin.email, 'two-factor-disable', null, 'success'],
      [testAdmin.email, 'sign-out', expect.any(String), 'success'],
      [testAdmin.email, 'sign-in', null, 'success'],
    ]);
    expect(total).toBe(13);
    expect(entries.find((entry) => entry.outcome === 'failure' && entry.actor !== null)!.address).toBe('198.51.100.4');
    expect(entries[0]!.at).toBe(testApp.clock.now().toISOString());
  });

  it('records a session ended by id, and a second factor that failed', async () => {
    const other = await signIn(app);
    const sessions = (await app.inject(asAdmin(other, { url: '/api/auth/sessions' }))).json<SessionJson[]>();
    const otherId = sessions.find((session) => session.current)!._id;
    tick();
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/auth/sessions/${otherId}` }));
    const revoked = await readAudit('?action=session-revoke');
    expect(revoked.entries).toMatchObject([{ actor: testAdmin.email, target: otherId, outcome: 'success' }]);

    await turnOnTwoFactor(app, cookie, testApp.clock);
    tick();
    const pending = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: testAdmin,
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { ...sameOrigin, cookie: cookiesOf(pending) },
      payload: { code: '000000' },
    });
    const failed = await readAudit('?action=sign-in');
    expect(failed.entries[0]).toMatchObject({ actor: testAdmin.email, target: 'second factor', outcome: 'failure' });
  });

  it('filters by action and actor, and pages like /api/blogs', async () => {
    for (let i = 0; i < 3; i++) {
      tick();
      await createPost(app, cookie, { slug: `post-${i}` });
    }
    const created = await readAudit('?action=post-create&limit=2');
    expect(created.entries.map((entry) => entry.action)).toEqual(['post-create', 'post-create']);
    expect(created.total).toBe(3);
    expect(created.response.headers.link).toBe('</api/audit?limit=2&offset=2&action=post-create>; rel="next"');
    const byActor = await readAudit(`?actor=${encodeURIComponent(testAdmin.email)}`);
    expect(byActor.total).toBe(4);
    expect((await readAudit('?actor=nobody%40example.com')).total).toBe(0);
  });

  it('refuses bad queries with 400, readers without a session with 401, and has no way to change an entry', async () => {
    for (const query of ['?action=drop-table', '?limit=0', '?limit=101', '?offset=-1', '?colour=red']) {
      const response = await app.inject(asAdmin(cookie, { url: `/api/audit${query}` }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await app.inject({ url: '/api/audit' })).statusCode).toBe(401);
    const [entry] = (await readAudit()).entries;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject(asAdmin(cookie, { method, url: `/api/audit/${entry!._id}`, payload: {} }));
      expect(response.statusCode).toBe(404);
    }
    expect((await readAudit()).entries[0]).toEqual(entry);
  });

  it('keeps 180 days, then prunes', async () => {
    const db = openDatabase(testApp.store);
    try {
      testApp.clock.advance(181 * 24 * 60 * 60 * 1000);
      await recordAudit(db, {
        at: testApp.clock.now(),
        actor: 'someone@example.com',
        action: 'media-upload',
        target: 'm1',
      });
      tick();
      cookie = await signIn(app);
      const { entries } = await readAudit();
      expect(entries.map((entry) => entry.action)).toEqual(['sign-in', 'media-upload']);
    } finally {
      await db.destroy();
    }
  });
});

describe('addresses in the audit log and the session list', () => {
  it('are parsed IP addresses, never what X-Forwarded-For says when that is no address', async () => {
    const behindProxy = await testApp.addInstance({ trustProxy: true });
    const signInFrom = (forwardedFor: string, password: string) =>
      behindProxy.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...sameOrigin, 'x-forwarded-for': forwardedFor },
        payload: { email: testAdmin.email, password },
        remoteAddress: '192.0.2.1',
      });
    tick();
    await signInFrom('<script>alert(1)</script>', 'wrong password');
    tick();
    await signInFrom('2001:db8::7', 'wrong password');
    tick();
    const signedIn = await signInFrom('not an address, 198.51.100.23', testAdmin.password);
    const { entries } = await readAudit('?limit=3');
    expect(entries.map((entry) => entry.address)).toEqual(['198.51.100.23', '2001:db8::7', '192.0.2.1']);
    const sessions = await behindProxy.inject(asAdmin(cookiesOf(signedIn), { url: '/api/auth/sessions' }));
    expect(sessions.json<{ address: string; current: boolean }[]>().find((session) => session.current)).toMatchObject({
      address: '198.51.100.23',
    });
  });
});
