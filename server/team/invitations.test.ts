import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Invitation, InvitationCheck, OpenInvitation } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { maxInvitationsPerHour } from './invitations.ts';
import { deleteExpiredTeamLinks } from './team-retention.ts';
import { addMember, invitationToken, invite, memberPassword } from '../test-support/team.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let db: Kysely<Database>;
let owner: string;
let invited = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  db = openDatabase(testApp.store);
  owner = await signIn(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await db.destroy();
});

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const newAddress = () => `invited.${(invited += 1)}@northbeam.example`;

function send(cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject(asAdmin(cookie, { method, url, ...(payload && { payload }) }));
}

function check(invitation: Invitation) {
  return testApp.app.inject({ url: `/api/invitations/${invitationToken(invitation)}` });
}

function accept(invitation: Invitation) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/invitations/${invitationToken(invitation)}/accept`,
    headers: sameOrigin,
    payload: { name: 'New Member', password: memberPassword },
  });
}

async function openInvitations(): Promise<OpenInvitation[]> {
  const response = await send(owner, 'GET', '/api/invitations');
  expect(response.statusCode).toBe(200);
  return response.json<OpenInvitation[]>();
}

/** A fresh hour for the owner's invitations, which are limited per hour. */
function nextHour() {
  testApp.clock.advance(hour);
}

describe('invitations whose inviter leaves or loses the right', () => {
  it('are withdrawn when the inviter is removed: the link answers 410 and makes nobody an administrator', async () => {
    nextHour();
    const admin = await addMember(testApp.app, owner, 'administrator');
    const theirs = await invite(testApp.app, admin.cookie, newAddress(), 'administrator');
    expect((await openInvitations()).map((open) => open._id)).toContain(theirs._id);
    expect((await send(owner, 'DELETE', `/api/users/${admin.user._id}`)).statusCode).toBe(204);

    const accepted = await accept(theirs);
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json<{ message: string }>().message).toMatch(/withdrawn/);
    expect((await check(theirs)).statusCode).toBe(410);
    expect((await openInvitations()).map((open) => open._id)).not.toContain(theirs._id);
  });

  it('are withdrawn for the roles a demoted inviter can no longer give, and kept for the others', async () => {
    nextHour();
    const admin = await addMember(testApp.app, owner, 'administrator');
    const forAdmin = await invite(testApp.app, admin.cookie, newAddress(), 'administrator');
    const forAuthor = await invite(testApp.app, admin.cookie, newAddress(), 'author');
    const demoted = await send(owner, 'PATCH', `/api/users/${admin.user._id}`, { role: 'editor' });
    expect(demoted.statusCode).toBe(200);
    expect((await accept(forAdmin)).statusCode).toBe(410);
    expect((await accept(forAuthor)).statusCode).toBe(201);
  });

  it('refuses a link whose inviter left before revocation existed (inviter unknown)', async () => {
    nextHour();
    const orphan = await invite(testApp.app, owner, newAddress(), 'administrator');
    await db.updateTable('invitations').set({ invited_by: null }).where('id', '=', orphan._id).execute();
    expect((await accept(orphan)).statusCode).toBe(410);
  });
});

describe('GET and DELETE /api/invitations', () => {
  it('lists the open invitations with role, inviter and expiry, to administrators only', async () => {
    nextHour();
    const editor = await addMember(testApp.app, owner, 'editor', 'Eddie Editor');
    const sent = await invite(testApp.app, editor.cookie, newAddress(), 'contributor');
    const listed = (await openInvitations()).find((open) => open._id === sent._id);
    expect(listed).toEqual({
      _id: sent._id,
      email: sent.email,
      role: 'contributor',
      createdAt: testApp.clock.now().toISOString(),
      expiresAt: sent.expiresAt,
      invitedBy: { _id: editor.user._id, name: 'Eddie Editor', email: editor.user.email },
    });
    const refused = await send(editor.cookie, 'GET', '/api/invitations');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('"users"');
    expect((await send(editor.cookie, 'DELETE', `/api/invitations/${sent._id}`)).statusCode).toBe(403);
    expect((await accept(sent)).statusCode).toBe(201);
    expect((await openInvitations()).map((open) => open._id)).not.toContain(sent._id);
  });

  it('withdraws an invitation: its link says so, a second withdrawal is 404, and the log records it', async () => {
    nextHour();
    const sent = await invite(testApp.app, owner, newAddress(), 'author');
    const revoked = await send(owner, 'DELETE', `/api/invitations/${sent._id}`);
    expect(revoked.statusCode).toBe(204);
    const checked = await check(sent);
    expect(checked.statusCode).toBe(410);
    expect(checked.json<{ message: string }>().message).toMatch(/withdrawn/);
    expect((await accept(sent)).statusCode).toBe(410);
    const again = await send(owner, 'DELETE', `/api/invitations/${sent._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toMatch(/no such open invitation/);
    const audit = (await send(owner, 'GET', '/api/audit?action=invitation-revoke')).json<AuditEntry[]>();
    expect(audit.map((entry) => entry.target)).toContain(sent._id);
  });
});

describe('GET /api/invitations/{token}', () => {
  it('says what a working link offers, and in words that a used or expired one no longer works', async () => {
    nextHour();
    const sent = await invite(testApp.app, owner, newAddress(), 'editor');
    const working = await check(sent);
    expect(working.statusCode).toBe(200);
    expect(working.json<InvitationCheck>()).toEqual({ email: sent.email, role: 'editor', expiresAt: sent.expiresAt });
    expect((await accept(sent)).statusCode).toBe(201);
    const used = await check(sent);
    expect(used.statusCode).toBe(410);
    expect(used.json<{ message: string }>().message).toMatch(/used already/);

    const late = await invite(testApp.app, owner, newAddress(), 'author');
    testApp.clock.advance(7 * day + 1);
    const expired = await check(late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toMatch(/expired on/);
    const forged = await testApp.app.inject({ url: `/api/invitations/${'c'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    owner = await signIn(testApp.app);
  });
});

describe('re-inviting an address', () => {
  it('refuses an editor who would replace an administrator’s invitation, which keeps working', async () => {
    nextHour();
    const editor = await addMember(testApp.app, owner, 'editor');
    const address = newAddress();
    const higher = await invite(testApp.app, owner, address, 'administrator');
    const lower = await send(editor.cookie, 'POST', '/api/invitations', { email: address, role: 'contributor' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      message: expect.stringMatching(/invited already, as administrator/),
      details: [{ path: '/email' }],
    });
    expect((await check(higher)).statusCode).toBe(200);
    // An administrator may replace it: the earlier link is then withdrawn.
    const replacement = await invite(testApp.app, owner, address, 'author');
    expect((await check(higher)).statusCode).toBe(410);
    expect((await accept(replacement)).statusCode).toBe(201);
  });
});

describe('the limit on invitations', () => {
  it(`refuses an inviter's invitations past ${maxInvitationsPerHour} in an hour with 429 and Retry-After`, async () => {
    nextHour();
    const editor = await addMember(testApp.app, owner, 'editor');
    for (let count = 0; count < maxInvitationsPerHour; count++) {
      await invite(testApp.app, editor.cookie, newAddress(), 'author');
      testApp.clock.advance(1000);
    }
    const refused = await send(editor.cookie, 'POST', '/api/invitations', { email: newAddress(), role: 'author' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/invitations in the last hour/);
    // Another member's allowance is their own.
    expect((await send(owner, 'POST', '/api/invitations', { email: newAddress(), role: 'author' })).statusCode).toBe(
      201,
    );
    testApp.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect(
      (await send(editor.cookie, 'POST', '/api/invitations', { email: newAddress(), role: 'author' })).statusCode,
    ).toBe(201);
  });
});

describe('the daily retention', () => {
  it('deletes the invitations past their expiry, used or not, and keeps the open ones', async () => {
    nextHour();
    const old = await invite(testApp.app, owner, newAddress(), 'author');
    const used = await invite(testApp.app, owner, newAddress(), 'author');
    expect((await accept(used)).statusCode).toBe(201);
    testApp.clock.advance(7 * day + 1);
    owner = await signIn(testApp.app);
    const fresh = await invite(testApp.app, owner, newAddress(), 'author');
    const deleted = await deleteExpiredTeamLinks(db, testApp.clock.now());
    expect(deleted.invitations).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('invitations').select('id').execute();
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old._id);
    expect(ids).not.toContain(used._id);
    expect(ids).toContain(fresh._id);
  });
});
