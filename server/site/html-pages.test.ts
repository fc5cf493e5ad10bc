import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createHtmlPages, type HtmlPages } from './html-pages.ts';

const budget = { maxBytes: 256 * 1024, maxEntryBytes: 64 * 1024 };
let clientDir: string;
let pages: HtmlPages;
/** The post title the stand-in API gives the home page, and how often it was asked. */
const api = { title: 'A short title', reads: 0 };

beforeAll(async () => {
  clientDir = createClientFixture();
  const app = Fastify();
  app.get('/api/blogs', async () => {
    api.reads += 1;
    return [{ title: api.title }];
  });
  pages = await createHtmlPages(app, {
    clientDir,
    serverDir: join(clientDir, '..', 'server'),
    origin: 'http://127.0.0.1:3000',
    generation: () => 0,
    now: () => 0,
    nextPublication: async () => Infinity,
    renderBudget: budget,
  });
});
afterAll(() => rmSync(join(clientDir, '..'), { recursive: true, force: true }));

describe('pages rendered per request and kept in memory', () => {
  it('hold no more than their budget of bytes, however many distinct addresses are asked for', async () => {
    const padding = 'x'.repeat(2000);
    for (let index = 0; index < 1000; index += 1) {
      const page = await pages.render(`/nothing-here-${index}?${padding}`);
      expect(page.status).toBe(404);
    }
    expect(pages.renderedBytes).toBeGreaterThan(budget.maxBytes / 2);
    expect(pages.renderedBytes).toBeLessThanOrEqual(budget.maxBytes);
  });

  it('are served again from memory, unless one is over the limit of an entry', async () => {
    const reads = api.reads;
    await pages.render('/');
    await pages.render('/');
    expect(api.reads).toBe(reads + 1);

    api.title = 'A long title '.repeat(10_000);
    const bytesBefore = pages.renderedBytes;
    const big = await pages.render('/?big');
    expect(big.response!.body.length).toBeGreaterThan(budget.maxEntryBytes);
    await pages.render('/?big');
    expect(api.reads).toBe(reads + 3);
    expect(pages.renderedBytes).toBeLessThanOrEqual(bytesBefore);
  });
});
