import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { policyForPage } from './critical-css.ts';
import { createHtmlPages, type HtmlPages } from './html-pages.ts';

let clientDir: string;
let pages: HtmlPages;
/** The post title the stand-in API gives the home page, and how often it was asked. */
const api = { title: 'A short title', reads: 0 };

beforeAll(async () => {
  clientDir = createClientFixture();
  const app = Fastify();
  app.get('/api/blogs', async (_request, reply) => {
    api.reads += 1;
    void reply.header('x-total-count', '13');
    return [{ title: api.title }];
  });
  pages = await createHtmlPages(app, {
    clientDir,
    serverDir: join(clientDir, '..', 'server'),
    origin: 'http://127.0.0.1:3000',
  });
});
afterAll(() => rmSync(join(clientDir, '..'), { recursive: true, force: true }));

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

  it('are rendered anew at every call from what the API says then: the response cache keeps them', async () => {
    const reads = api.reads;
    expect((await pages.render('/')).text).toContain('A short title');
    api.title = 'A newer title';
    expect((await pages.render('/')).text).toContain('A newer title');
    expect(api.reads).toBe(reads + 2);
  });

  it('give the render the API’s headers, such as the total a list’s page links are counted from', async () => {
    expect((await pages.render('/blog')).text).toContain('<h1>Blog: A newer title (13 in all)</h1>');
  });
});
