// @vitest-environment node
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogContext } from '../blog/index.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createPost } from '../test-support/posts.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { policyForPage } from './critical-css.ts';
import { createHtmlPages, type HtmlPages } from './html-pages.ts';

let clientDir: string;
let testApp: TestApp;
let app: FastifyInstance;
let db: Kysely<Database>;
let cookie: string;
let pages: HtmlPages;
/** Requests the app was sent while the pages rendered, and how many pages were rendered. */
const seen = { requests: [] as string[], renders: 0 };

beforeAll(async () => {
  clientDir = createClientFixture();
  testApp = await createTestApp({
    hooksForTests: (app) => app.addHook('onRequest', async (request) => void seen.requests.push(request.url)),
  });
  app = testApp.app;
  cookie = await signIn(app);
  db = openDatabase(testApp.store);
  const blog = createBlogContext(db, () => new Date(testApp.clock.time));
  pages = await createHtmlPages(app, {
    clientDir,
    serverDir: join(clientDir, '..', 'server'),
    origin: 'http://127.0.0.1:3000',
    blog,
    onRender: () => (seen.renders += 1),
  });
});
afterAll(async () => {
  await db?.destroy();
  await testApp?.close();
  rmSync(join(clientDir, '..'), { recursive: true, force: true });
});

describe('pages rendered per request', () => {
  it('answer an unknown address with the not-found page and its status, as HTML that browsers revalidate', async () => {
    const page = await pages.render('/nothing-here');
    expect(page.status).toBe(404);
    expect(page.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      // Its inlined critical CSS named by hash.
      'content-security-policy': policyForPage(page.text!),
    });
  });

  it('are rendered anew at every call from what the database says then: the response cache keeps them', async () => {
    await createPost(app, cookie, { title: 'A short title', status: 'published' });
    expect((await pages.render('/')).text).toContain('A short title');
    // Posts published at the same moment have no order between them: publish the second one a minute later.
    testApp.clock.advance(60_000);
    await createPost(app, cookie, { title: 'A newer title', status: 'published' });
    expect((await pages.render('/')).text).toContain('A newer title, A short title');
  });

  it('read what the API reads, in-process: no request to the server itself, one render per page', async () => {
    const post = await createPost(app, cookie, { title: 'Read in-process', status: 'published' });
    seen.requests.length = 0;
    seen.renders = 0;
    expect((await pages.render(`/blogs/${post.slug}`)).text).toContain('<h1>Read in-process</h1>');
    expect((await pages.render('/blog')).text).toMatch(/<h1>Blog: [^<]*Read in-process/);
    expect(seen.requests).toEqual([]);
    expect(seen.renders).toBe(2);
  });

  it('give the render the list’s total, which its page links are counted from', async () => {
    expect((await pages.render('/blog')).text).toMatch(/<h1>Blog: [^<]*\(3 in all\)<\/h1>/);
  });

  it('get the API’s refusal of a post no visitor may see: the page says it is not found, with 404', async () => {
    const draft = await createPost(app, cookie, { title: 'Still a draft', status: 'draft' });
    const page = await pages.render(`/blogs/${draft.slug}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('<h1>Blog Not Found</h1>');
    expect(page.text).not.toContain('Still a draft');
  });

  it('refuse a list the API would refuse, by the schema of its query: the page is not rendered with it', async () => {
    await expect(pages.render('/blog?page=100000000')).rejects.toMatchObject({ name: 'ApiError', status: 400 });
  });
});
