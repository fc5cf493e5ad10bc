import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

const otherTabNotice = (page: Page) =>
  page.getByText('This post is also open in another tab. Save in one tab only, or one of them will be refused.');
const autosaveStatus = (page: Page) => page.locator('form[aria-label="Edit post"] [role="status"][aria-live="polite"]');

describe('one post open in two tabs', () => {
  it('tells each tab about the other, and keeps each tab’s unsaved text apart', async () => {
    const { page: first, context, close, errors } = await signedIn(browser);
    const post = await createPost(first, {
      title: 'Open twice',
      slug: uniqueSlug('open-twice'),
      content: '<p>One post, two tabs.</p>',
      status: 'published',
      publishedAt: '2025-02-01T10:00:00Z',
    });
    await openEditor(first, post);
    expect(await otherTabNotice(first).count()).toBe(0);

    const second = await context.newPage();
    await openEditor(second, post);
    await otherTabNotice(second).waitFor();
    await otherTabNotice(first).waitFor();

    await first.getByLabel('Title').fill('Open twice, as the first tab has it');
    await second.getByLabel('Title').fill('Open twice, as the second tab has it');
    await expect.poll(() => storedDraftTitle(first, post._id)).toBe('Open twice, as the first tab has it');
    await expect.poll(() => storedDraftTitle(second, post._id)).toBe('Open twice, as the second tab has it');

    // A reload brings back this tab's own text, not the other's.
    await first.reload();
    await first.getByText('(“Open twice, as the first tab has it”)', { exact: false }).waitFor();
    await first.getByRole('button', { name: 'Restore unsaved changes' }).click();
    expect(await first.getByLabel('Title').inputValue()).toBe('Open twice, as the first tab has it');
    await otherTabNotice(first).waitFor();
    expect(await storedDraftTitle(second, post._id)).toBe('Open twice, as the second tab has it');
    expect(await second.getByLabel('Title').inputValue()).toBe('Open twice, as the second tab has it');

    // Closing the other tab ends the warning.
    await second.close({ runBeforeUnload: true });
    await expect.poll(() => otherTabNotice(first).count()).toBe(0);
    expect((await readPost(first, post._id)).title).toBe('Open twice');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('refuses the second tab’s autosave of a draft the first tab changed, and keeps its text', async () => {
    const { page: first, context, close } = await signedIn(browser);
    const post = await createPost(first, {
      title: 'A draft in two tabs',
      slug: uniqueSlug('draft-two-tabs'),
      content: '<p>Both tabs start here.</p>',
    });
    await openEditor(first, post);
    const second = await context.newPage();
    await openEditor(second, post);
    await otherTabNotice(second).waitFor();

    await first.getByLabel('Title').fill('A draft in two tabs, first');
    await expect.poll(() => autosaveStatus(first).textContent(), { timeout: 30_000 }).toMatch(/^Saved · /);
    expect((await readPost(first, post._id)).title).toBe('A draft in two tabs, first');

    await second.getByLabel('Title').fill('A draft in two tabs, second');
    await expect
      .poll(() => autosaveStatus(second).textContent(), { timeout: 30_000 })
      .toMatch(/^Not saved: Someone else changed this post after you opened it\./);
    // The server keeps the first tab's version; the second tab keeps what it typed.
    expect((await readPost(first, post._id)).title).toBe('A draft in two tabs, first');
    expect(await second.getByLabel('Title').inputValue()).toBe('A draft in two tabs, second');
    await expect.poll(() => storedDraftTitle(second, post._id)).toBe('A draft in two tabs, second');
    await close();
  });
});
