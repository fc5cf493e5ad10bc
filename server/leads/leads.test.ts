import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuditEntry, LeadRecord } from '../../src/content/types.gen.ts';
import { csvDateTime } from '../lib/csv-write.ts';
import { storeLeads, testPdf } from '../test-support/stored-leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;
let ids: Record<'seo' | 'web' | 'applicant' | 'spam' | 'formula', string>;

const day = (date: string) => `${date}T09:30:00.000Z`;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
  const [seo, web, applicant, spam, formula] = await storeLeads(
    testApp.store,
    [
      {
        name: 'Mina Okafor',
        email: 'mina@harbour.example',
        company: 'Harbour Coffee',
        service: 'seo',
        budget: '£5k–£10k',
        message: 'Our café needs to be found by tourists.',
        created_at: day('2025-11-03'),
        attribution: { landingPage: '/seo?utm_source=news', referrerHost: 'news.example', utmSource: 'news' },
      },
      {
        name: 'Tom Reyes',
        email: 'tom@fleet.example',
        service: 'website-development',
        message: 'A new site for our fleet of boats, 100% responsive.',
        created_at: day('2025-11-10'),
      },
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        role: 'Designer',
        cover_letter: 'I design harbour-side brands.',
        created_at: day('2025-11-20'),
        cv: { fileName: 'Asha "Rao" CV.pdf', data: testPdf },
      },
      { name: 'Buy Now', email: 'bot@spam.example', status: 'spam', created_at: day('2025-11-25') },
      {
        name: '=HYPERLINK("http://evil.example","Click")',
        email: 'excel@example.com',
        company: '+44 20 7946 0000',
        message: '@SUM(A1:A9), and a "quoted" line\nthen another',
        created_at: day('2025-11-28'),
      },
    ],
    testApp.clock.now(),
  );
  ids = { seo, web, applicant, spam, formula } as typeof ids;
});
afterAll(() => testApp.close());

const get = (url: string) => app.inject(asAdmin(cookie, { url }));
const namesOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadRecord[]>().map((lead) => lead.name.split(' ')[0]);
};
const auditActions = async () =>
  (await get('/api/audit?limit=100')).json<AuditEntry[]>().map(({ action, target, targetName, actor }) => ({
    action,
    target,
    targetName,
    actor,
  }));

describe('GET /api/leads', () => {
  it('lists every lead newest first, with the total, the attribution and the CV described', async () => {
    const response = await get('/api/leads');
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    const leads = response.json<LeadRecord[]>();
    expect(leads.map((lead) => lead._id)).toEqual([ids.formula, ids.spam, ids.applicant, ids.web, ids.seo]);
    expect(leads[4]).toMatchObject({
      company: 'Harbour Coffee',
      attribution: { landingPage: '/seo', referrerHost: 'news.example', utmSource: 'news' },
      history: [{ at: day('2025-11-03'), by: null, status: 'new' }],
    });
    expect(leads[2]!.cv).toEqual({ fileName: 'Asha "Rao" CV.pdf', mimeType: 'application/pdf', bytes: testPdf.length });
  });

  it('filters by type, status, service and the days they arrived (both ends included)', async () => {
    expect(await namesOf('/api/leads?type=application')).toEqual(['Asha']);
    expect(await namesOf('/api/leads?status=spam')).toEqual(['Buy']);
    expect(await namesOf('/api/leads?service=seo')).toEqual(['Mina']);
    expect(await namesOf('/api/leads?from=2025-11-10&to=2025-11-20')).toEqual(['Asha', 'Tom']);
    expect(await namesOf('/api/leads?to=2025-11-03')).toEqual(['Mina']);
    expect(await namesOf('/api/leads?type=enquiry&status=new&from=2025-11-04')).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      'Tom',
    ]);
  });

  it('finds words in names, e-mails, companies, messages and cover letters, in any case, every word', async () => {
    expect(await namesOf('/api/leads?q=HARBOUR')).toEqual(['Asha', 'Mina']);
    expect(await namesOf('/api/leads?q=harbour%20coffee')).toEqual(['Mina']);
    expect(await namesOf('/api/leads?q=fleet.example')).toEqual(['Tom']);
    expect(await namesOf('/api/leads?q=100%25')).toEqual(['Tom']);
    expect(await namesOf('/api/leads?q=_')).toEqual([]);
  });

  it('pages with limit and offset, keeping the total and linking the next and previous pages', async () => {
    const response = await get('/api/leads?limit=2&offset=2&type=enquiry');
    expect(response.json<LeadRecord[]>().map((lead) => lead._id)).toEqual([ids.web, ids.seo]);
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.headers.link).toBe('</api/leads?limit=2&offset=0&type=enquiry>; rel="prev"');
  });

  it.each([
    ['type=lead', '/type'],
    ['status=open', '/status'],
    ['limit=0', '/limit'],
    ['limit=101', '/limit'],
    ['offset=-1', '/offset'],
    ['from=yesterday', '/from'],
    ['to=2025-13-01', '/to'],
    ['colour=red', '/colour'],
    [`q=${'a'.repeat(201)}`, '/q'],
  ])('refuses a bad query with a 400 naming it (%#: %s)', async (query, path) => {
    const response = await get(`/api/leads?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details.map((detail) => detail.path)).toContain(path);
  });

  it('refuses a period that ends before it starts, naming both days', async () => {
    const response = await get('/api/leads?from=2025-11-20&to=2025-11-01');
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details.map((detail) => detail.path)).toEqual(['/from', '/to']);
  });
});

describe('GET /api/leads/export.csv', () => {
  it('downloads the whole filtered list as CSV, quoted, with formulas made inert, and records the export', async () => {
    const response = await get('/api/leads/export.csv?type=enquiry&status=new');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads-2025-12-01.csv"; filename*=UTF-8''leads-2025-12-01.csv`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toMatch(
      /^\ufeffreceived_at_utc,type,status,name,email,phone,company,service,budget,message,role,cover_letter,cv_file,/,
    );
    expect(lines).toHaveLength(3 + 1 + 1);
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click"")",excel@example.com,,'+44 20 7946 0000,`,
    );
    expect(response.body).toContain(`"'@SUM(A1:A9), and a ""quoted"" line\nthen another"`);
    expect(response.body).toContain(
      '2025-11-03 09:30:00,enquiry,new,Mina Okafor,mina@harbour.example,,Harbour Coffee,Search Engine Optimization,£5k–£10k',
    );
    expect(response.body).not.toContain('Buy Now');
    expect(await auditActions()).toContainEqual({
      action: 'lead-export',
      target: null,
      targetName: null,
      actor: testAdmin.email,
    });
  });

  it('starts with a byte order mark and gives the notes themselves, each with its date and author', async () => {
    const lead = await storeLeads(testApp.store, [{ name: 'Noted Person', created_at: day('2025-11-29') }]);
    const note = (text: string) =>
      app.inject(asAdmin(cookie, { method: 'PATCH', url: `/api/leads/${lead[0]}`, payload: { note: text } }));
    const at = csvDateTime(testApp.clock.now().toISOString());
    await note('Asked for ₹1–3 lakh; call back Monday.');
    testApp.clock.advance(60_000);
    const later = csvDateTime(testApp.clock.now().toISOString());
    await note('=Called back');
    const response = await get('/api/leads/export.csv?q=Noted');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[1]).toContain(
      `,"${at} ${testAdmin.email}: Asked for ₹1–3 lakh; call back Monday.\n${later} ${testAdmin.email}: =Called back",`,
    );
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/leads/${lead[0]}` }));
  });

  it('refuses a page of it, naming limit', async () => {
    const response = await get('/api/leads/export.csv?limit=5');
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details[0]!.path).toBe('/limit');
  });
});

describe('GET /api/leads/{id}/cv', () => {
  it('gives the CV as an attachment only, never sniffed or stored, and records who downloaded it', async () => {
    const response = await get(`/api/leads/${ids.applicant}/cv`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(testPdf)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Asha _Rao_ CV.pdf"; filename*=UTF-8''Asha%20%22Rao%22%20CV.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(await auditActions()).toContainEqual({
      action: 'lead-cv-view',
      target: ids.applicant,
      targetName: 'Asha Rao',
      actor: testAdmin.email,
    });
  });

  it('names the download by the type found in its bytes, never by the extension the sender gave', async () => {
    const [polyglot, bare] = await storeLeads(testApp.store, [
      { name: 'Poly Glot', status: 'spam', cv: { fileName: 'polyglot.html', data: testPdf } },
      { name: 'No Name', status: 'spam', cv: { fileName: '.htaccess', data: testPdf } },
    ]);
    const disposition = async (id: string) => (await get(`/api/leads/${id}/cv`)).headers['content-disposition'];
    expect(await disposition(polyglot!)).toBe(`attachment; filename="polyglot.pdf"; filename*=UTF-8''polyglot.pdf`);
    expect(await disposition(bare!)).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/leads/${polyglot}` }));
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/leads/${bare}` }));
  });

  it('is refused to a visitor, and is not at any public address', async () => {
    const response = await app.inject({ url: `/api/leads/${ids.applicant}/cv` });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('%PDF');
  });

  it('answers 404 for an enquiry, which has no CV, and for an unknown lead', async () => {
    const enquiry = await get(`/api/leads/${ids.seo}/cv`);
    expect(enquiry.statusCode).toBe(404);
    expect(enquiry.json<ApiError>().message).toBe(
      "Mina Okafor's lead has no CV: it was never sent, or the retention period ended.",
    );
    expect((await get('/api/leads/no-such-lead/cv')).statusCode).toBe(404);
  });
});

describe('GET, PATCH and DELETE /api/leads/{id}', () => {
  it('reads one lead, and answers 404 for an unknown one', async () => {
    expect((await get(`/api/leads/${ids.web}`)).json<LeadRecord>().name).toBe('Tom Reyes');
    const unknown = await get('/api/leads/no-such-lead');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().message).toBe('There is no lead no-such-lead: it may have been deleted.');
  });

  it('changes the status with who and when in the history, adds notes by their author, and audits it', async () => {
    testApp.clock.advance(60_000);
    const patch = (payload: object) =>
      app.inject(asAdmin(cookie, { method: 'PATCH', url: `/api/leads/${ids.web}`, payload }));
    const contacted = await patch({ status: 'contacted', note: 'Called Tom; he wants a quote.' });
    expect(contacted.statusCode).toBe(200);
    const at = testApp.clock.now().toISOString();
    expect(contacted.json<LeadRecord>()).toMatchObject({
      status: 'contacted',
      history: [
        { at: day('2025-11-10'), by: null, status: 'new' },
        { at, by: testAdmin.email, status: 'contacted' },
      ],
      notes: [{ at, author: testAdmin.email, text: 'Called Tom; he wants a quote.' }],
    });
    const same = await patch({ status: 'contacted' });
    expect(same.json<LeadRecord>().history).toHaveLength(2);
    expect(await namesOf('/api/leads?status=contacted')).toEqual(['Tom']);
    expect(await auditActions()).toContainEqual({
      action: 'lead-update',
      target: ids.web,
      targetName: 'Tom Reyes',
      actor: testAdmin.email,
    });
  });

  it.each([
    ['nothing', {}, '/'],
    ['an unknown status', { status: 'open' }, '/status'],
    ['an empty note', { note: '' }, '/note'],
    ['a note over 5,000 characters', { note: 'x'.repeat(5001) }, '/note'],
    ['an unknown field', { status: 'won', colour: 'red' }, '/colour'],
  ])('refuses %s with a 400 naming the field', async (_label, payload, path) => {
    const response = await app.inject(asAdmin(cookie, { method: 'PATCH', url: `/api/leads/${ids.seo}`, payload }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details.map((detail) => detail.path)).toContain(path);
  });

  it('refuses a change to an unknown lead with 404, and a change from another site with 403', async () => {
    const unknown = await app.inject(
      asAdmin(cookie, { method: 'PATCH', url: '/api/leads/no-such-lead', payload: { status: 'won' } }),
    );
    expect(unknown.statusCode).toBe(404);
    const crossSite = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${ids.seo}`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { status: 'spam' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await get(`/api/leads/${ids.seo}`)).json<LeadRecord>().status).toBe('new');
  });

  it('refuses every lead route to a visitor', async () => {
    for (const request of [
      { url: '/api/leads' },
      { url: `/api/leads/${ids.seo}` },
      { url: '/api/leads/export.csv' },
      { method: 'PATCH' as const, url: `/api/leads/${ids.seo}`, payload: { status: 'won' }, headers: sameOrigin },
      { method: 'DELETE' as const, url: `/api/leads/${ids.seo}`, headers: sameOrigin },
    ]) {
      expect((await app.inject(request)).statusCode).toBe(401);
    }
  });

  it('deletes a lead with its CV, history and notes; then every address of it answers 404', async () => {
    const deleted = await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/leads/${ids.applicant}` }));
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/leads/${ids.applicant}`)).statusCode).toBe(404);
    expect((await get(`/api/leads/${ids.applicant}/cv`)).statusCode).toBe(404);
    const again = await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/leads/${ids.applicant}` }));
    expect(again.statusCode).toBe(404);
    expect(await auditActions()).toContainEqual({
      action: 'lead-delete',
      target: ids.applicant,
      targetName: null,
      actor: testAdmin.email,
    });
  });
});
