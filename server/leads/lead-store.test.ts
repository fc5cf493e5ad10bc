import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase } from '../store/database.ts';
import { attributionColumns, emailKey, insertLead, readLead, readLeadCv, type LeadRow } from './lead-store.ts';
import { migrateToLatest } from '../store/migrate.ts';
import type { Database } from '../store/schema.ts';

let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase({ dataDir: temporaryDirectory(), databaseUrl: database.databaseUrl });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const at = '2026-11-25T10:00:00.000Z';
const application: LeadRow = {
  id: 'lead-1',
  type: 'application',
  status: 'new',
  name: 'Asha Rao',
  email: 'Asha@Example.com ',
  email_key: emailKey('Asha@Example.com '),
  phone: null,
  company: null,
  service: null,
  budget: null,
  message: null,
  role: 'Designer',
  cover_letter: 'I design things.',
  consent_text: 'You may keep my CV for a year.',
  ...attributionColumns({ landingPage: '/careers?utm_source=x', referrerHost: '', utmSource: 'x' }),
  spam_reason: null,
  created_at: at,
  updated_at: at,
};

describe('the leads store', () => {
  it('reads back a lead as the API record, with its arrival in its history and its CV described', async () => {
    const data = Buffer.from('%PDF-1.7 a CV');
    await insertLead(db, application, 'change-1', {
      file_name: 'cv.pdf',
      mime_type: 'application/pdf',
      bytes: data.length,
      sha256: 'abc',
      created_at: at,
      data,
    });
    expect(await readLead(db, 'lead-1')).toEqual({
      _id: 'lead-1',
      type: 'application',
      status: 'new',
      name: 'Asha Rao',
      email: 'Asha@Example.com ',
      role: 'Designer',
      coverLetter: 'I design things.',
      cv: { fileName: 'cv.pdf', mimeType: 'application/pdf', bytes: data.length },
      consentText: 'You may keep my CV for a year.',
      attribution: { landingPage: '/careers', referrerHost: '', utmSource: 'x' },
      createdAt: at,
      notes: [],
      history: [{ at, by: null, status: 'new' }],
    });
    expect((await readLeadCv(db, 'lead-1'))?.data.equals(data)).toBe(true);
    expect(await readLead(db, 'missing')).toBeUndefined();
  });

  it('deletes notes, history and the CV with their lead', async () => {
    await db
      .insertInto('lead_notes')
      .values({ id: 'n1', lead_id: 'lead-1', at, author: 'a@b.c', text: 'Call' })
      .execute();
    await db.deleteFrom('leads').where('id', '=', 'lead-1').execute();
    for (const table of ['lead_notes', 'lead_status_changes', 'lead_files'] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    }
  });
});
