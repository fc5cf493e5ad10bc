import type { Browser, Locator, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeLeads, testPdf } from '../../server/test-support/stored-leads.ts';
import { signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { seriousViolations, tabTo } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The control is what a pointer at its centre would hit: nothing covers it. */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

describe('the Inbox, by keyboard alone', () => {
  it('finds a lead, moves it along, keeps a note through a failure, downloads its CV and erases it on request', async () => {
    const { page, context, errors } = await signedIn(browser);
    const name = `Ada ${uniqueSlug('Keyboard')}`;
    const email = `${uniqueSlug('ada')}@example.com`;
    await storeLeads({ dataDir: inject('dataDir') }, [
      { name, email, role: 'Designer', cover_letter: 'I like grids.', cv: { fileName: 'ada-cv.pdf', data: testPdf } },
      { name, email, service: 'seo', message: 'Could you help us rank?', attribution: { utmCampaign: 'spring' } },
    ]);
    await page.reload();

    const inboxLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Inbox/ });
    await expect.poll(() => inboxLink.textContent()).toMatch(/^Inbox\d+ new$/);
    await tabTo(page, inboxLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();

    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.getByText('2 leads match, newest first.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const enquiryLink = page.getByRole('row').filter({ hasText: 'Enquiry' }).getByRole('link', { name });
    await tabTo(page, enquiryLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('spring').waitFor();

    const status = page.getByLabel('Status');
    await tabTo(page, status);
    await page.keyboard.press('ArrowDown');
    expect(await status.inputValue()).toBe('contacted');
    const save = page.getByRole('button', { name: 'Save status' });
    await tabTo(page, save);
    expect(await isOnTop(save)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`Moved to Contacted by ${inject('admin').email}`).waitFor();

    const note = page.getByRole('textbox', { name: 'Add a note' });
    await tabTo(page, note);
    await page.keyboard.type('Called; they want a quote by Friday.');
    // The server cannot be reached for the note: the connection is refused, as when the network drops.
    const refuseNotes = (route: Route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue();
    await page.route('**/api/leads/*', refuseNotes);
    await tabTo(page, page.getByRole('button', { name: 'Add note' }));
    await page.keyboard.press('Enter');
    await page.getByText('Adding the note failed. Could not reach the server.').waitFor();
    expect(await note.inputValue()).toBe('Called; they want a quote by Friday.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/api/leads/*', refuseNotes);
    await tabTo(page, page.getByRole('button', { name: 'Add note' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: 'Notes' })
      .getByText('Called; they want a quote by Friday.')
      .first()
      .waitFor();
    await expect.poll(() => note.inputValue()).toBe('');

    await page.goto('/admin/inbox');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('row').filter({ hasText: 'Application' }).getByRole('link', { name }));
    await page.keyboard.press('Enter');
    const download = page.waitForEvent('download');
    await tabTo(page, page.getByRole('link', { name: 'Download the CV' }));
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('ada-cv.pdf');

    await page.goto('/admin/privacy');
    await tabTo(page, page.getByLabel('E-mail address'));
    await page.keyboard.type(email.toUpperCase());
    await page.keyboard.press('Enter');
    await page.getByText('1 enquiry, 1 application with 1 CV, and 1 note.').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Erase it all…' }));
    await page.keyboard.press('Enter');
    await page.getByText(`stored about ${email.toUpperCase()}? This cannot be undone.`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByText(`Erased 2 leads and 1 CV of ${email.toUpperCase()}.`).waitFor();

    expect(unexpected(errors).filter((error) => !/ERR_CONNECTION_REFUSED|ERR_FAILED/.test(error))).toEqual([]);
    await context.close();
  });
});
