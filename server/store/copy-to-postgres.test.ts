import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import type { MediaRecord } from '../../src/content/types.gen.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { runScript } from '../test-support/run-script.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test-support/test-database.ts';

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
    await createPost(sqliteApp.app, sqliteCookie, {
      status: 'draft',
      tags: ['Copied', 'Twice'],
      categories: ['Moves'],
    });
    const image = await uploadImage(
      sqliteApp.app,
      sqliteCookie,
      await testImage(400, 300, 'jpeg'),
      'moved.jpg',
      'Moved',
    );
    target = await createTestDatabase();

    const copy = await runScript('db-copy.ts', ['--to', target.databaseUrl!], { DATA_DIR: sqliteApp.dataDir });
    expect(copy.output).toMatch(/Copied 6 posts \(with \d+ tags and categories\) and 1 users and 1 images/);
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

    const copiedImage = await postgresApp.app.inject(asAdmin(postgresCookie, { url: `/api/media/${image._id}` }));
    expect(copiedImage.json<MediaRecord>()).toMatchObject({ ...image, variants: expect.any(Array), usedBy: [] });
    for (const url of [image.url, image.socialImage, ...image.variants.map((variant) => variant.url)]) {
      const [before, after] = [await sqliteApp.app.inject({ url }), await postgresApp.app.inject({ url })];
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toBe(before.headers['content-type']);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
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
