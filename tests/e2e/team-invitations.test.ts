import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { openPage } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A control a person can reach: the element at its centre is the control itself, nothing laid over it. */
async function isTopmost(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

describe('inviting a writer to the team', () => {
  it('is done by keyboard: the owner invites, the writer joins by the link, and the link works once', async () => {
    const owner = await signedIn(browser);
    await owner.page.goto('/admin/users');
    const invite = owner.page.getByRole('form', { name: 'Invite someone' });
    const email = invite.getByLabel('E-mail address');
    expect(await isTopmost(email)).toBe(true);
    await email.focus();
    await owner.page.keyboard.type('writer.e2e@northbeam.example');
    expect(await invite.getByLabel('Role').inputValue()).toBe('author');
    await owner.page.keyboard.press('Enter');
    const link = owner.page.getByLabel('Invitation link');
    await link.waitFor();
    const url = new URL(await link.inputValue());
    expect(url.pathname).toMatch(/^\/admin\/invitations\/[\w-]{40,}$/);

    const writer = await openPage(browser);
    await writer.page.goto(url.pathname);
    const join = writer.page.getByRole('form', { name: 'Join the team' });
    const name = join.getByLabel('Your name, as shown on your posts');
    expect(await isTopmost(name)).toBe(true);
    await name.focus();
    await writer.page.keyboard.type('Wren Writer');
    await writer.page.keyboard.press('Tab');
    await writer.page.keyboard.type('short');
    await writer.page.keyboard.press('Enter');
    await join.getByText('The password must have at least 12 characters.').waitFor();
    await join.getByLabel('Choose a password (at least 12 characters)').fill('');
    await join.getByLabel('Choose a password (at least 12 characters)').focus();
    await writer.page.keyboard.type('a long passphrase for wren');
    await writer.page.keyboard.press('Tab');
    await writer.page.keyboard.type('a long passphrase for wren');
    await writer.page.keyboard.press('Enter');
    await writer.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const menu = writer.page.getByRole('navigation', { name: 'Admin' });
    await menu.getByRole('link', { name: 'Posts' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    await writer.page.goto('/admin/users');
    await writer.page.getByText(/Your role \(author\) does not include inviting authors and contributors/).waitFor();

    const again = await openPage(browser);
    await again.page.goto(url.pathname);
    await again.page.getByLabel('Your name, as shown on your posts').fill('Someone else');
    await again.page.getByLabel('Choose a password (at least 12 characters)').fill('another long passphrase');
    await again.page.getByLabel('The same password again').fill('another long passphrase');
    await again.page.keyboard.press('Enter');
    await again.page.getByText(/This invitation has been used already/).waitFor();
    expect(await again.page.getByRole('form', { name: 'Join the team' }).count()).toBe(0);

    await owner.page.reload();
    await owner.page
      .getByRole('region', { name: 'The team' })
      .getByText('writer.e2e@northbeam.example', { exact: true })
      .waitFor();
    expect(unexpected(owner.errors)).toEqual([]);
    expect(unexpected(writer.errors)).toEqual([]);
    await Promise.all([owner.close(), writer.context.close(), again.context.close()]);
  });
});
