import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Invitation } from '../../src/content/types.gen.ts';
import { callApi, createPost, readPost, signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('who wrote a post', () => {
  it('is changed by keyboard in the editor’s Author field, and another’s post opens to an author to read', async () => {
    const owner = await signedIn(browser);
    const stamp = Date.now();
    const invitation = await callApi<Invitation>(owner.page, 'POST', '/api/invitations', {
      email: `author.${stamp}@northbeam.example`,
      role: 'author',
    });
    expect(invitation.status).toBe(201);
    // The writer joins in another browser, which leaves the owner signed in here.
    const writer = await browser.newContext({ baseURL: new URL(owner.page.url()).origin });
    const joined = await writer.request.post(`/api/invitations/${invitation.body.url.split('/').at(-1)}/accept`, {
      headers: { origin: new URL(owner.page.url()).origin },
      data: { name: `Ana Keyboard ${stamp}`, password: 'a long passphrase for ana' },
    });
    expect(joined.status()).toBe(201);
    const ana = (await joined.json()) as AdminUser;

    const post = await createPost(owner.page, {
      title: `Signed by someone else ${stamp}`,
      slug: `signed-by-someone-else-${stamp}`,
      content: '<p>Who wrote this?</p>',
    });
    await owner.page.goto(`/admin/blog/edit/${post._id}`);
    const author = owner.page.getByRole('combobox', { name: 'Author' });
    await author.locator('option', { hasText: `Ana Keyboard ${stamp}` }).waitFor({ state: 'attached' });
    await author.focus();
    // A closed select takes the typed name as its choice, as a person at the keyboard would pick it.
    await owner.page.keyboard.type(`Ana Keyboard ${stamp}`);
    expect(await author.inputValue()).toBe(ana._id);
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.getByRole('button', { name: 'Save post' }).focus();
    await owner.page.keyboard.press('Enter');
    await owner.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await readPost(owner.page, post._id)).toMatchObject({ authorId: ana._id, author: `Ana Keyboard ${stamp}` });

    // The author, given the post, can change it; the owner's own post opens to them to read, saying why.
    const ownersPost = await createPost(owner.page, {
      title: `The owner’s own ${stamp}`,
      slug: `the-owners-own-${stamp}`,
      content: '<p>Not for an author to change.</p>',
    });
    const page = await writer.newPage();
    await page.goto(`/admin/blog/edit/${ownersPost._id}`);
    await page.getByRole('heading', { level: 1, name: 'Read post' }).waitFor();
    await page.getByText(/does not have the permission "posts:others"/).waitFor();
    expect(await page.getByRole('button', { name: /Save|Schedule|Publish/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(owner.errors)).toEqual([]);
    await Promise.all([owner.close(), writer.close()]);
  });
});
