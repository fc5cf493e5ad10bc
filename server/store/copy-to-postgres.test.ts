import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import type { MediaRecord } from '../../src/content/types.gen.ts';
import { testPdf } from '../test-support/cv-files.ts';
import { applicationFields, enquiry, formToken, postApplication, postEnquiry } from '../test-support/leads.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { runScript } from '../test-support/run-script.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { addMember, invitationToken, invite, memberPassword } from '../test-support/team.ts';
import { cookiesOf, currentCode, turnOnTwoFactor } from '../test-support/two-factor.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase } from './database.ts';
import { readLead, readLeadCv } from '../leads/index.ts';
import { sharedKey } from './server-secrets.ts';
import { unsubscribeToken } from '../newsletter/index.ts';
import { storeViews } from '../stats/index.ts';

let sqliteApp: TestApp;
let postgresApp: TestApp | undefined;
let target: TestDatabase;

const everyPost = async (testApp: TestApp, cookie: string) =>
  (await testApp.app.inject(asAdmin(cookie, { url: '/api/blogs?status=all&limit=100' }))).json<BlogPost[]>();

// Needs a PostgreSQL server to copy to: scripts/test.sh runs this suite a second time beside a private cluster.
describe.runIf(testDatabaseUrl)('npm run db:copy -- --to postgres://…', () => {
  afterEach(async () => {
    await postgresApp?.close();
    postgresApp = undefined;
    await sqliteApp.close();
    await target.drop();
  });

  it('copies every post with its tags and categories, and every user, into an empty PostgreSQL database', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined, seedExamples: true });
    const sqliteCookie = await signIn(sqliteApp.app);
    const draft = await createPost(sqliteApp.app, sqliteCookie, {
      status: 'draft',
      slug: 'copied-draft',
      tags: ['Copied', 'Twice'],
      categories: ['Moves'],
    });
    const { title, tags, categories } = draft;
    const renamed = { title, tags, categories, content: '<p>Kombucha, renamed.</p>', slug: 'copied-draft-renamed' };
    sqliteApp.clock.advance(1000);
    await sqliteApp.app.inject(
      asAdmin(sqliteCookie, { method: 'PUT', url: `/api/blogs/${draft._id}`, payload: renamed }),
    );
    target = await createTestDatabase();

    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toMatch(
      /Copied 6 posts \(with \d+ tags and categories, 7 revisions, 1 old slugs\), 0 images, 0 leads, 0 outbox mails, 0 comments, 0 rows of daily and monthly stats and 1 users/,
    );
    expect(copy.output).not.toContain(new URL(target.databaseUrl!).password);
    expect(copy.code).toBe(0);

    // No admin settings: signing in works only if the user and their password hash came across.
    postgresApp = await createTestApp({
      databaseUrl: target.databaseUrl,
      adminEmail: undefined,
      adminPassword: undefined,
    });
    const postgresCookie = await signIn(postgresApp.app);
    expect(await everyPost(postgresApp, postgresCookie)).toEqual(await everyPost(sqliteApp, sqliteCookie));
    const tagged = await postgresApp.app.inject(asAdmin(postgresCookie, { url: '/api/blogs?status=all&tag=twice' }));
    expect(tagged.json<BlogPost[]>().map((post) => post.categories)).toEqual([['Moves']]);
    expect((await postgresApp.app.inject({ url: '/api/blogs' })).json<BlogPost[]>()).toHaveLength(5);
    const history = await postgresApp.app.inject(asAdmin(postgresCookie, { url: `/api/blogs/${draft._id}/revisions` }));
    expect(history.json<{ kind: string }[]>().map(({ kind }) => kind)).toEqual(['edited', 'created']);
    const moved = await postgresApp.app.inject(asAdmin(postgresCookie, { url: '/api/blogs/slug/copied-draft' }));
    expect(moved.headers.location).toBe('/api/blogs/slug/copied-draft-renamed');
    const found = await postgresApp.app.inject(asAdmin(postgresCookie, { url: '/api/blogs?status=all&q=kombucha' }));
    expect(found.json<BlogPost[]>().map((post) => post.slug)).toEqual(['copied-draft-renamed']);
  });

  it('carries the team: roles, who wrote each post, and invitations not yet used', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    const owner = await signIn(sqliteApp.app);
    const author = await addMember(sqliteApp.app, owner, 'author', 'Copied Author');
    const post = await createPost(sqliteApp.app, author.cookie, { slug: 'by-the-author' });
    const pending = await invite(sqliteApp.app, owner, 'later@northbeam.example', 'contributor');
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.code).toBe(0);

    postgresApp = await createTestApp({
      databaseUrl: target.databaseUrl,
      adminEmail: undefined,
      adminPassword: undefined,
    });
    const postgresOwner = await signIn(postgresApp.app);
    const team = (await postgresApp.app.inject(asAdmin(postgresOwner, { url: '/api/users' }))).json<
      { role: string }[]
    >();
    expect(team.map((member) => member.role)).toEqual(['owner', 'author']);
    const copied = await postgresApp.app.inject(asAdmin(postgresOwner, { url: `/api/blogs/${post._id}` }));
    expect(copied.json<BlogPost>()).toMatchObject({ authorId: author.user._id, author: 'Copied Author' });
    const accepted = await postgresApp.app.inject({
      method: 'POST',
      url: `/api/invitations/${invitationToken(pending)}/accept`,
      headers: sameOrigin,
      payload: { name: 'Later', password: memberPassword },
    });
    expect(accepted.json()).toMatchObject({ email: 'later@northbeam.example', role: 'contributor' });
  });

  it('carries two-factor sign-in (secret, recovery codes, shared keys) and the audit log', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    const sqliteCookie = await signIn(sqliteApp.app);
    const { secret, recoveryCodes } = await turnOnTwoFactor(sqliteApp.app, sqliteCookie, sqliteApp.clock);
    await createPost(sqliteApp.app, sqliteCookie);
    const audit = (app: FastifyInstance, cookie: string) =>
      app.inject(asAdmin(cookie, { url: '/api/audit?limit=100' })).then((response) => response.json<unknown[]>());
    const sqliteAudit = await audit(sqliteApp.app, sqliteCookie);
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toContain(`with ${sqliteAudit.length} audit entries`);

    postgresApp = await createTestApp({ databaseUrl: target.databaseUrl });
    postgresApp.clock.advance(30_000);
    const login = () =>
      postgresApp!.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: testAdmin });
    const verify = async (code: string) =>
      postgresApp!.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        headers: { ...sameOrigin, cookie: cookiesOf(await login()) },
        payload: { code },
      });
    expect((await login()).json()).toEqual({ twoFactorRequired: true });
    expect((await verify(recoveryCodes[0]!)).statusCode).toBe(200);
    const signedIn = await verify(currentCode(secret, postgresApp.clock));
    expect(signedIn.statusCode).toBe(200);
    const postgresCookie = `northbeam_session=${signedIn.cookies.find((c) => c.name === 'northbeam_session')!.value}`;
    const postgresAudit = await audit(postgresApp.app, postgresCookie);
    expect(postgresAudit.slice(-sqliteAudit.length)).toEqual(sqliteAudit);
  });

  it('carries every image with all its files, byte for byte', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    const sqliteCookie = await signIn(sqliteApp.app);
    const image = await uploadImage(
      sqliteApp.app,
      sqliteCookie,
      await testImage(400, 300, 'jpeg'),
      'moved.jpg',
      'Moved',
    );
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toMatch(
      /, 1 images, 0 leads, 0 outbox mails, 0 comments, 0 rows of daily and monthly stats and 1 users/,
    );
    expect(copy.code).toBe(0);

    postgresApp = await createTestApp({ databaseUrl: target.databaseUrl });
    const postgresCookie = await signIn(postgresApp.app);
    const copiedImage = await postgresApp.app.inject(asAdmin(postgresCookie, { url: `/api/media/${image._id}` }));
    expect(copiedImage.json<MediaRecord>()).toMatchObject({ ...image, variants: expect.any(Array), usedBy: [] });
    for (const url of [image.url, image.socialImage, ...image.variants.map((variant) => variant.url)]) {
      const [before, after] = [await sqliteApp.app.inject({ url }), await postgresApp.app.inject({ url })];
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toBe(before.headers['content-type']);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    }
  });

  it('carries every lead with its notes, history and CV, byte for byte, and the mail outbox', async () => {
    sqliteApp = await createTestApp({
      databaseUrl: undefined,
      smtpUrl: 'smtp://127.0.0.1:9',
      mailTiming: { pollMs: 60_000 },
    });
    const enquiryId = (
      await sqliteApp.app.inject(postEnquiry(enquiry({ formToken: await formToken(sqliteApp.app, sqliteApp.clock) })))
    ).json<{ _id: string }>()._id;
    const cv = testPdf();
    const applicationId = (
      await sqliteApp.app.inject(
        postApplication([
          ...applicationFields(await formToken(sqliteApp.app, sqliteApp.clock, 'application')),
          { name: 'cv', value: cv, fileName: 'cv.pdf' },
        ]),
      )
    ).json<{ _id: string }>()._id;
    const sqliteDb = openDatabase(sqliteApp.store);
    await sqliteDb
      .insertInto('lead_notes')
      .values({
        id: 'note-1',
        lead_id: enquiryId,
        at: '2025-12-01T12:00:10.000Z',
        author: testAdmin.email,
        text: 'Called back',
      })
      .execute();
    const before = await Promise.all([readLead(sqliteDb, enquiryId), readLead(sqliteDb, applicationId)]);
    await sqliteDb.destroy();
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toMatch(/, 2 leads, 2 outbox mails, 0 comments, 0 rows of daily and monthly stats and 1 users/);
    expect(copy.code).toBe(0);

    const postgresDb = openDatabase({ dataDir: sqliteApp.dataDir, databaseUrl: target.databaseUrl });
    try {
      expect(await Promise.all([readLead(postgresDb, enquiryId), readLead(postgresDb, applicationId)])).toEqual(before);
      expect(before[0]!.notes).toHaveLength(1);
      expect((await readLeadCv(postgresDb, applicationId))?.data.equals(cv)).toBe(true);
      const mails = await postgresDb.selectFrom('mail_outbox').select(['about', 'sent_at']).orderBy('about').execute();
      expect(mails.map((mail) => mail.about).sort()).toEqual([`lead:${applicationId}`, `lead:${enquiryId}`].sort());
    } finally {
      await postgresDb.destroy();
    }
  });

  it('carries the stats: daily rollups, the last days’ raw views and their salts', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    const sqliteDb = openDatabase(sqliteApp.store);
    const view = {
      day: '2025-12-01',
      visitor: 'visitor-a',
      path: '/',
      referrerHost: 'google.com',
      utmSource: null,
      utmMedium: null,
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
    };
    await storeViews(sqliteDb, [
      { ...view, at: '2025-12-01T10:00:00.000Z' },
      { ...view, at: '2025-12-01T10:05:00.000Z', path: '/seo' },
    ]);
    await sqliteDb
      .insertInto('stats_salts')
      .values({ day: '2025-12-01', salt: 'salt', created_at: view.day })
      .execute();
    const read = async (db: typeof sqliteDb) => ({
      salts: await db.selectFrom('stats_salts').selectAll().execute(),
      views: await db.selectFrom('stats_views').selectAll().orderBy('id').execute(),
      totals: (await db.selectFrom('stats_daily_totals').selectAll().execute()).map((row) => ({
        ...row,
        duration_ms: Number(row.duration_ms),
      })),
      daily: await db.selectFrom('stats_daily').selectAll().orderBy('dimension').orderBy('key').execute(),
      monthly: await db.selectFrom('stats_monthly').selectAll().orderBy('dimension').orderBy('key').execute(),
    });
    const before = await read(sqliteDb);
    await sqliteDb.destroy();
    expect(before.daily.length).toBe(8);
    expect(before.monthly.length).toBe(8);
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toMatch(/, 17 rows of daily and monthly stats and 1 users/);
    expect(copy.code).toBe(0);
    const postgresDb = openDatabase({ dataDir: sqliteApp.dataDir, databaseUrl: target.databaseUrl });
    try {
      const after = await read(postgresDb);
      expect({ ...after, views: after.views.map((row) => ({ ...row, id: Number(row.id) })) }).toEqual(before);
    } finally {
      await postgresDb.destroy();
    }
  });

  it('carries the newsletter subscribers and the posts sent to them, and their links keep working on the new database', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    const sqliteDb = openDatabase(sqliteApp.store);
    const at = '2025-12-01T12:00:00.000Z';
    const row = {
      id: '5b8a3f0e-8d6c-4c59-9a43-1f3f3f0c9b11',
      email: 'reader@example.com',
      email_key: 'reader@example.com',
      name: 'Ravi',
      status: 'active' as const,
      consent_text: 'I agree',
      consent_basis: 'form',
      consented_at: at,
      confirm_sent_at: null,
      confirmed_at: at,
      unsubscribed_at: null,
      landing_page: '/blog',
      referrer_host: null,
      utm_source: 'news',
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      created_at: at,
      updated_at: at,
    };
    await sqliteDb.insertInto('subscribers').values(row).execute();
    const send = {
      id: 'a1c0c1d2-0000-4000-8000-000000000001',
      post_id: 'some-post',
      once_key: 'some-post',
      status: 'sending' as const,
      subject: 'A post',
      html: '<p>A post</p>',
      text: 'A post',
      marker: 'UNSUBSCRIBE-1',
      created_by: 'editor@northbeam.example',
      created_at: at,
      updated_at: at,
    };
    const message = {
      send_id: send.id,
      recipient_key: row.id,
      subscriber_id: row.id,
      email: row.email,
      state: 'waiting' as const,
      attempts: 1,
      next_attempt_at: at,
      leased_until: null,
      lease_token: null,
      sent_at: null,
      last_error: '451 try later',
      created_at: at,
    };
    await sqliteDb.insertInto('newsletter_sends').values(send).execute();
    await sqliteDb
      .insertInto('newsletter_messages')
      .values({ ...message, leased_until: at, lease_token: 'an old server' })
      .execute();
    const token = unsubscribeToken(await sharedKey(sqliteDb, 'newsletter'), row.id);
    await sqliteDb.destroy();
    target = await createTestDatabase();
    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.code).toBe(0);
    expect(copy.output).toMatch(/1 newsletter subscribers and 1 newsletter sends from/);
    postgresApp = await createTestApp({ databaseUrl: target.databaseUrl });
    const postgresDb = openDatabase({ dataDir: sqliteApp.dataDir, databaseUrl: target.databaseUrl });
    try {
      expect(await postgresDb.selectFrom('subscribers').selectAll().execute()).toEqual([row]);
      expect(await postgresDb.selectFrom('newsletter_sends').selectAll().execute()).toEqual([send]);
      expect(await postgresDb.selectFrom('newsletter_messages').selectAll().execute()).toEqual([message]);
      const page = await postgresApp.app.inject({ url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(200);
    } finally {
      await postgresDb.destroy();
    }
  });

  it('refuses to copy into a database that already holds posts or users', async () => {
    sqliteApp = await createTestApp({ databaseUrl: undefined });
    target = await createTestDatabase();
    const first = await runScript('db-copy.ts', [`--to=${target.databaseUrl!}`], { DATA_DIR: sqliteApp.dataDir });
    expect(first.code).toBe(0);

    const again = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds 0 posts and 1 users: copy into an empty database/);
  });
});
