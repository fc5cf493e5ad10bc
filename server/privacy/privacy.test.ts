import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, AuditEntry, LeadRecord, PrivacyExport } from '../../src/content/types.gen.ts';
import { applyRetention } from './retention.ts';
import { openDatabase, sqliteFileName } from '../store/database.ts';
import { backUpSqlite } from '../store/sqlite-backup.ts';
import { sqliteFilesHolding } from '../test-support/address-scan.ts';
import { createPost } from '../test-support/posts.ts';
import { storeComments } from '../test-support/stored-comments.ts';
import { storeLeads, testPdf } from '../test-support/stored-leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

const dayMs = 24 * 60 * 60 * 1000;
const get = (url: string, on = app) => on.inject(asAdmin(cookie, { url }));
const erase = (payload: object) => app.inject(asAdmin(cookie, { method: 'POST', url: '/api/privacy/erase', payload }));
const audit = async (on = app) =>
  (await get('/api/audit?limit=100', on)).json<AuditEntry[]>().map(({ action, target }) => ({ action, target }));
const allIds = async (on = app) => (await get('/api/leads', on)).json<LeadRecord[]>().map((lead) => lead._id);

async function storeOneAddressAndAnother() {
  return storeLeads(
    testApp.store,
    [
      { name: 'Asha Rao', email: 'Asha@Example.com', role: 'Designer', cv: { fileName: 'cv.pdf', data: testPdf } },
      { name: 'Asha Rao', email: 'asha@example.com', message: 'Could you redo our shop?' },
      { name: 'Tom Reyes', email: 'tom@fleet.example' },
    ],
    testApp.clock.now(),
  );
}

describe('GET /api/privacy/export?email=', () => {
  it('gives every lead of the address in any letter case, with notes, history and the CV described, and audits it', async () => {
    const [application, enquiry] = await storeOneAddressAndAnother();
    await app.inject(
      asAdmin(cookie, { method: 'PATCH', url: `/api/leads/${enquiry}`, payload: { note: 'Sent a quote.' } }),
    );
    const response = await get('/api/privacy/export?email=ASHA%40example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<PrivacyExport>();
    expect(body.email).toBe('ASHA@example.com');
    expect(body.exportedAt).toBe(testApp.clock.now().toISOString());
    expect(body.leads.map((lead) => lead._id).sort()).toEqual([application, enquiry].sort());
    expect(body.leads.find((lead) => lead._id === application)!.cv).toEqual({
      fileName: 'cv.pdf',
      mimeType: 'application/pdf',
      bytes: testPdf.length,
    });
    expect(body.leads.find((lead) => lead._id === enquiry)!.notes.map((note) => note.text)).toEqual(['Sent a quote.']);
    expect(JSON.stringify(body)).not.toContain('Tom');
    expect(await audit()).toContainEqual({ action: 'privacy-export', target: '2 leads, 0 comments, 0 subscribers' });
  });

  it('answers an address with nothing stored with an empty list', async () => {
    const response = await get('/api/privacy/export?email=nobody%40example.com');
    expect(response.json<PrivacyExport>().leads).toEqual([]);
  });

  it.each([
    ['', '/email'],
    ['?email=not-an-address', '/email'],
    ['?email=a%40b.example&colour=red', '/colour'],
  ])('refuses %j with a 400 naming %s', async (query, path) => {
    const response = await get(`/api/privacy/export${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details.map((detail) => detail.path)).toContain(path);
  });

  it('is refused to a visitor', async () => {
    expect((await app.inject({ url: '/api/privacy/export?email=a%40b.example' })).statusCode).toBe(401);
  });
});

describe('POST /api/privacy/erase', () => {
  it('removes every lead and CV of the address, leaves others, and records how much it removed', async () => {
    const [application, , other] = await storeOneAddressAndAnother();
    const response = await erase({ email: 'asha@EXAMPLE.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ leads: 2, cvs: 1, comments: 0, subscribers: 0 });
    expect(await allIds()).toEqual([other]);
    expect((await get(`/api/leads/${application}/cv`)).statusCode).toBe(404);
    expect((await get('/api/privacy/export?email=asha%40example.com')).json<PrivacyExport>().leads).toEqual([]);
    expect(await audit()).toContainEqual({
      action: 'privacy-erase',
      target: '2 leads, 1 CVs, 0 comments, 0 subscribers',
    });
    expect(JSON.stringify(await audit())).not.toContain('asha@');
    expect((await erase({ email: 'asha@example.com' })).json()).toEqual({
      leads: 0,
      cvs: 0,
      comments: 0,
      subscribers: 0,
    });
  });

  it('leaves nothing erased in the SQLite file, its write-ahead log or a backup taken after', async () => {
    if (testApp.store.databaseUrl) return;
    await storeOneAddressAndAnother();
    expect(sqliteFilesHolding(testApp.dataDir, 'redo our shop')).not.toEqual([]);
    expect((await erase({ email: 'asha@example.com' })).statusCode).toBe(200);
    const backup = join(testApp.dataDir, 'after-erasure.sqlite');
    await backUpSqlite(testApp.dataDir, backup);
    const copy = readFileSync(backup).toString('latin1').toLowerCase();
    for (const text of ['redo our shop', 'asha@example.com']) {
      expect(sqliteFilesHolding(testApp.dataDir, text)).toEqual([]);
      expect(copy).not.toContain(text);
    }
    // The others' data is still there: the search above looked where it could be found.
    expect(sqliteFilesHolding(testApp.dataDir, 'tom@fleet.example')).toContain(sqliteFileName);
    expect(copy).toContain('tom@fleet.example');
  });

  it('refuses a missing or malformed address with a 400 naming it, and a visitor or another site', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 'a@b.example', also: 'x' }]) {
      const response = await erase(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().details.length).toBeGreaterThan(0);
    }
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/privacy/erase',
      headers: sameOrigin,
      payload: { email: 'a@b.example' },
    });
    expect(visitor.statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/privacy/erase',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { email: 'a@b.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('deletes every lead past the period whatever its status, with its CV, notes and history, and audits the run', async () => {
    const start = testApp.clock.now().toISOString();
    const [wonOld, openOldWithCv, newOld] = await storeLeads(
      testApp.store,
      [
        { status: 'won', created_at: start },
        { status: 'contacted', created_at: start, cv: { fileName: 'old.pdf', data: testPdf } },
        { status: 'new', created_at: start },
      ],
      testApp.clock.now(),
    );
    testApp.clock.advance(300 * dayMs);
    const [lostRecent] = await storeLeads(
      testApp.store,
      [{ status: 'lost', cv: { fileName: 'new.pdf', data: testPdf } }],
      testApp.clock.now(),
    );
    testApp.clock.advance(65 * dayMs + 1000);

    // A restart runs it, as every day does.
    const restarted = await testApp.restart();
    cookie = await signIn(restarted);
    for (let attempt = 0; attempt < 50 && (await allIds(restarted)).length > 1; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await allIds(restarted)).toEqual([lostRecent]);
    for (const id of [wonOld, openOldWithCv, newOld]) {
      expect((await get(`/api/leads/${id}`, restarted)).statusCode).toBe(404);
    }
    expect((await get(`/api/leads/${lostRecent}/cv`, restarted)).statusCode).toBe(200);
    expect(await audit(restarted)).toContainEqual({ action: 'lead-retention', target: '3 leads, 1 CVs' });
    const db0 = openDatabase(testApp.store);
    try {
      const orphans = await db0.selectFrom('lead_status_changes').select('lead_id').execute();
      expect(orphans.map((row) => row.lead_id)).toEqual([lostRecent]);
    } finally {
      await db0.destroy();
    }

    // Running it again deletes nothing more and writes nothing.
    const db = openDatabase(testApp.store);
    try {
      expect(await applyRetention(db, testApp.clock.now(), 365)).toEqual({ leads: 0, cvs: 0 });
    } finally {
      await db.destroy();
    }
    expect((await audit(restarted)).filter((entry) => entry.action === 'lead-retention')).toHaveLength(1);
  });
  it('deletes comments never published (waiting, spam, trashed) after 90 days, and keeps approved ones', async () => {
    const post = await createPost(app, cookie, { status: 'published', publishedAt: '2025-11-01T09:00:00.000Z' });
    const old = new Date(testApp.clock.time - 91 * dayMs).toISOString();
    const recent = new Date(testApp.clock.time - 89 * dayMs).toISOString();
    const [, , , oldApproved, recentPending] = await storeComments(testApp.store, post._id, [
      { status: 'pending', created_at: old },
      { status: 'spam', created_at: old },
      { status: 'trash', created_at: old },
      { status: 'approved', created_at: old },
      { status: 'pending', created_at: recent },
    ]);
    const db = openDatabase(testApp.store);
    try {
      await applyRetention(db, testApp.clock.now(), 365);
      const left = await db.selectFrom('comments').select('id').execute();
      expect(left.map((row) => row.id).sort()).toEqual([oldApproved, recentPending].sort());
    } finally {
      await db.destroy();
    }
    expect(await audit()).toContainEqual({
      action: 'lead-retention',
      target: '0 leads, 0 CVs, 3 unpublished comments',
    });
  });
});
