import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPostRevisionSummary } from '../../src/content/types.gen.ts';
import { autosaveDelayMs } from '../../src/admin/post-editor/use-autosave.ts';
import {
  callApi,
  createPost,
  openEditor,
  readPost,
  signedIn,
  storedDraftTitle,
  uniqueSlug,
  unexpected,
} from './admin-session.ts';
import { launchBrowser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const autosaveStatus = (page: Page) => page.locator('form[aria-label="Edit post"] [role="status"][aria-live="polite"]');

/** Every PUT this page sends for the post: autosave and Save are the only senders. */
function recordPuts(page: Page, postId: string): string[] {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/blogs/${postId}`)
      puts.push(request.url());
  });
  return puts;
}

/** What the browser does when the admin switches to another tab or app: autosave flushes at once. */
async function hideTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function showTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('autosave in the post editor', () => {
  it('saves a draft to the server a few seconds after typing stops, without Save, and says when', async () => {
    const { page, close, errors } = await signedIn(browser);
    const slug = uniqueSlug('autosaved-draft');
    const post = await createPost(page, { title: 'A draft that saves itself', slug, content: '<p>First words.</p>' });
    await openEditor(page, post);
    const puts = recordPuts(page, post._id);

    await page.getByLabel('Title').fill('A draft that saved itself');
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('First words, and a second thought.');
    // Nobody presses Save: the status line says when the server has it.
    await expect
      .poll(() => autosaveStatus(page).textContent(), { timeout: autosaveDelayMs + 20_000 })
      .toMatch(/^Saved · \d{2}:\d{2}$/);
    expect(new URL(page.url()).pathname).toBe(`/admin/blog/edit/${post._id}`);
    expect(puts.every((url) => url.includes('reason=autosave'))).toBe(true);

    const saved = await readPost(page, post._id);
    expect(saved.title).toBe('A draft that saved itself');
    expect(saved.content).toContain('a second thought');
    expect(saved.status).toBe('draft');
    const revisions = await callApi<BlogPostRevisionSummary[]>(page, 'GET', `/api/blogs/${post._id}/revisions`);
    expect(revisions.body[0]).toMatchObject({ reason: 'autosave', title: 'A draft that saved itself' });

    // Switching away saves what was typed at once, without waiting for the pause.
    const before = puts.length;
    await page.getByLabel('Summary').fill('Kept when the tab is hidden.');
    await hideTab(page);
    await expect.poll(() => puts.length).toBeGreaterThan(before);
    await expect.poll(async () => (await readPost(page, post._id)).summary).toBe('Kept when the tab is hidden.');
    await showTab(page);

    // A later Save starts from the version autosave made: no "edited elsewhere" refusal.
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('never sends a published post’s edits by autosave; they stay in this tab, survive a reload, and go out on Save', async () => {
    const { page, close, errors } = await signedIn(browser);
    const slug = uniqueSlug('live-post');
    const post = await createPost(page, {
      title: 'A live post',
      slug,
      content: '<p>Readers see this.</p>',
      status: 'published',
      publishedAt: '2025-01-15T09:00:00Z',
    });
    // The page's clock is the test's, so that the autosave's whole pause passes without the test waiting for it.
    await page.clock.install();
    await openEditor(page, post);
    const puts = recordPuts(page, post._id);

    await page.getByLabel('Title').fill('A live post, half edited');
    await expect.poll(() => storedDraftTitle(page, post._id)).toBe('A live post, half edited');
    // Even switching tabs, which saves a draft at once, sends nothing; then the whole pause passes.
    await hideTab(page);
    await showTab(page);
    await page.clock.runFor(autosaveDelayMs + 1000);
    expect(puts).toEqual([]);
    expect(await autosaveStatus(page).textContent()).toBe('');
    expect((await readPost(page, post._id)).title).toBe('A live post');
    // Readers still see the published text.
    const publicPage = await fetch(new URL(`/api/blogs/slug/${slug}`, page.url()));
    expect(((await publicPage.json()) as { title: string }).title).toBe('A live post');

    await page.reload();
    await page
      .getByText('You have unsaved changes to this post from')
      .and(page.getByText('(“A live post, half edited”)'))
      .waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('A live post');
    await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('A live post, half edited');
    expect(puts).toEqual([]);

    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(puts).toHaveLength(1);
    expect(puts[0]).not.toContain('reason=autosave');
    expect((await readPost(page, post._id)).title).toBe('A live post, half edited');
    expect(await storedDraftTitle(page, post._id)).toBeNull();
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
