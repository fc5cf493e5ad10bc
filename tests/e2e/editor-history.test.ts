import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostRevisionSummary } from '../../src/content/types.gen.ts';
import { callApi, createPost, openEditor, readPost, signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const contentOf = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const revisionsOf = async (page: Page, id: string) =>
  (await callApi<BlogPostRevisionSummary[]>(page, 'GET', `/api/blogs/${id}/revisions`)).body;

/** Opens the post as it is stored now, and saves it with a new title and content. */
async function saveThroughEditor(page: Page, post: BlogPost, title: string, content: string): Promise<void> {
  await openEditor(page, await readPost(page, post._id));
  await page.getByLabel('Title').fill(title);
  await contentOf(page).fill(content);
  await page.getByRole('button', { name: 'Save post' }).click();
  // The editor leaves for the dashboard only once the server has answered.
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

describe('the post’s history in the editor', () => {
  // Three editor visits, three saves and axe: a long flow on a busy machine, hence its own time limit.
  it('lists the saved versions, shows one read-only with its word diff and changed fields, and restores it as unsaved changes', async () => {
    const { page, close, errors } = await signedIn(browser);
    const post = await createPost(page, {
      title: 'Harbour notes',
      slug: uniqueSlug('harbour-notes'),
      content: '<p>The tide came in slowly over the old harbour wall.</p>',
      summary: 'What the harbour taught us.',
    });
    // Written as a draft, then published: restoring the draft's writing must keep the post live.
    const published = await callApi<BlogPost>(page, 'PUT', `/api/blogs/${post._id}`, {
      title: post.title,
      slug: post.slug,
      content: post.content,
      summary: post.summary,
      status: 'published',
      publishedAt: '2025-03-01T08:00:00.000Z',
    });
    expect(published.status).toBe(200);
    await saveThroughEditor(page, post, 'Harbour notes, revised', 'The tide came in fast over the new harbour wall.');
    await saveThroughEditor(page, post, 'Harbour notes, final', 'The tide came in fast over the new stone wall.');
    const saved = await revisionsOf(page, post._id);
    expect(saved.map((revision) => [revision.title, revision.kind])).toEqual([
      ['Harbour notes, final', 'edited'],
      ['Harbour notes, revised', 'edited'],
      ['Harbour notes', 'published'],
      ['Harbour notes', 'created'],
    ]);

    await openEditor(page, { ...post, title: 'Harbour notes, final' });
    const entries = history(page).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(saved.length);
    expect(await entries.first().textContent()).toMatch(/Edited$/);
    expect(await entries.nth(2).textContent()).toMatch(/Published$/);
    expect(await entries.last().textContent()).toMatch(/Created$/);

    // The oldest version, read-only: the form keeps the current text.
    await entries.last().getByRole('button').click();
    expect(await entries.last().getByRole('button').getAttribute('aria-pressed')).toBe('true');
    const view = history(page).getByRole('region', { name: '“Harbour notes”' });
    await view.waitFor();
    expect(await view.getByText(/^Fields that differ from the editor:/).textContent()).toBe(
      'Fields that differ from the editor: Title, Content. Restoring brings back the writing; the status, ' +
        'publication date and slug stay as they are.',
    );
    // From the editor's text to this version: what this version adds is inserted, what it lacks deleted.
    const inserted = await view.locator('ins').allTextContents();
    const deleted = await view.locator('del').allTextContents();
    expect(inserted.join(' ')).toMatch(/slowly/);
    expect(inserted.join(' ')).toMatch(/old/);
    expect(inserted.join(' ')).toMatch(/harbour/);
    expect(deleted.join(' ')).toMatch(/fast/);
    expect(deleted.join(' ')).toMatch(/new/);
    expect(deleted.join(' ')).toMatch(/stone/);
    expect(await view.locator('div').textContent()).toContain('over the');
    expect(await view.getByRole('textbox').count()).toBe(0);
    expect(await page.getByLabel('Title').inputValue()).toBe('Harbour notes, final');
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    await view.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Harbour notes');
    expect(await contentOf(page).textContent()).toBe('The tide came in slowly over the old harbour wall.');
    await page
      .getByText(
        /^Restored the writing of the version saved .* by Northbeam Team: title, summary, content, tags, categories, cover image, search and sharing fields\. Its status, publication date and slug are unchanged\. Save to keep it, or Cancel to leave it\.$/,
      )
      .waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('published');
    // Unsaved: the server still has the latest version.
    expect((await readPost(page, post._id)).title).toBe('Harbour notes, final');

    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const restored = await readPost(page, post._id);
    expect(restored.title).toBe('Harbour notes');
    expect(restored.content).toBe('<p>The tide came in slowly over the old harbour wall.</p>');
    // Still live, with its date: the draft's status and empty date were not restored.
    expect(restored).toMatchObject({ status: 'published', publishedAt: '2025-03-01T08:00:00.000Z' });
    expect((await page.request.get(`/blogs/${post.slug}`)).status()).toBe(200);
    const after = await revisionsOf(page, post._id);
    expect(after[0]).toMatchObject({ reason: 'restore', kind: 'restored', title: 'Harbour notes' });

    await openEditor(page, restored);
    await expect.poll(() => history(page).getByRole('listitem').first().textContent()).toMatch(/Restored$/);
    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 120_000);
});

describe('Publish now', () => {
  it('publishes a scheduled post at once and says so on the dashboard', async () => {
    const { page, close, errors } = await signedIn(browser);
    const post = await createPost(page, {
      title: 'Due next year',
      slug: uniqueSlug('due-next-year'),
      content: '<p>Written ahead.</p>',
      status: 'published',
      publishedAt: `${new Date().getFullYear() + 1}-01-15T09:00:00.000Z`,
    });
    expect((await page.request.get(`/blogs/${post.slug}`)).status()).toBe(404);
    await openEditor(page, post);
    await page.getByText(/^Scheduled · /).waitFor();
    const before = Date.now();
    await page.getByRole('button', { name: 'Publish now' }).click();

    await page.waitForURL((url) => url.pathname === '/admin');
    const notice = page.getByRole('status').filter({ hasText: '“Due next year” is published: it went live now at' });
    await notice.waitFor();
    await expect.poll(() => notice.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await notice.getByRole('link').getAttribute('href')).toBe(`/blogs/${post.slug}`);
    const live = await readPost(page, post._id);
    expect(live.status).toBe('published');
    expect(Date.parse(live.publishedAt!)).toBeGreaterThan(before - 60_000);
    expect(Date.parse(live.publishedAt!)).toBeLessThanOrEqual(Date.now());
    expect((await page.request.get(`/blogs/${post.slug}`)).status()).toBe(200);
    expect((await revisionsOf(page, post._id))[0]).toMatchObject({ kind: 'published' });
    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 60_000);
});
