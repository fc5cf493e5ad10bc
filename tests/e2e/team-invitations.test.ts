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

    // A used link says so on arrival, with no form to fill in for nothing.
    const again = await openPage(browser);
    await again.page.goto(url.pathname);
    await again.page.getByText(/This invitation has been used already/).waitFor();
    expect(await again.page.getByRole('form', { name: 'Join the team' }).count()).toBe(0);

    await owner.page.reload();
    await owner.page
      .getByRole('region', { name: 'The team' })
      .getByText('writer.e2e@northbeam.example', { exact: true })
      .waitFor();
    // The role select is as wide as its longest role, not cut by the table ("Contr").
    const role = owner.page.getByLabel('Role of Wren Writer (writer.e2e@northbeam.example)');
    const room = await role.evaluate((select) => {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.textContent = 'Administrator';
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { inner, needed };
    });
    expect(room.inner).toBeGreaterThanOrEqual(room.needed);
    expect(unexpected(owner.errors)).toEqual([]);
    expect(unexpected(writer.errors)).toEqual([]);
    await Promise.all([owner.close(), writer.context.close(), again.context.close()]);
  });

  it('lists an open invitation on the Users screen and revokes it after a confirmation, by keyboard', async () => {
    const owner = await signedIn(browser);
    await owner.page.goto('/admin/users');
    const invite = owner.page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address').fill('revoked.e2e@northbeam.example');
    await invite.getByLabel('Role').selectOption('editor');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = new URL(await owner.page.getByLabel('Invitation link').inputValue());
    const open = owner.page.getByRole('region', { name: 'Open invitations' });
    const row = open.getByRole('row').filter({ hasText: 'revoked.e2e@northbeam.example' });
    await row.getByText('Editor', { exact: true }).waitFor();
    const questions: string[] = [];
    owner.page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Revoke the invitation of revoked.e2e@northbeam.example' }).focus();
    await owner.page.keyboard.press('Enter');
    await open.getByRole('cell', { name: 'revoked.e2e@northbeam.example', exact: true }).waitFor({ state: 'detached' });
    expect(questions).toEqual([expect.stringMatching(/revoked.e2e@northbeam.example as editor/)]);

    const invited = await openPage(browser);
    await invited.page.goto(link.pathname);
    await invited.page.getByText(/This invitation has been withdrawn/).waitFor();
    expect(await invited.page.getByRole('form', { name: 'Join the team' }).count()).toBe(0);
    expect(unexpected(owner.errors)).toEqual([]);
    await Promise.all([owner.close(), invited.context.close()]);
  });
});
