import type { Browser, Locator, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeLeads, testPdf } from '../../server/test-support/stored-leads.ts';
import { signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { dataDir, phone, seriousViolations, tabTo } from './page-helpers.ts';

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
    await storeLeads({ dataDir: dataDir() }, [
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

  it('says on a phone when an old lead will be deleted, and breaks its address only after the @ or a dot', async () => {
    const { page, close, errors } = await signedIn(browser, phone);
    const dayMs = 24 * 60 * 60 * 1000;
    const name = `Old ${uniqueSlug('Retained')}`;
    const email = `${uniqueSlug('procurement.department')}@regional-hospital-group.example`;
    const arrived = new Date(Date.now() - 350 * dayMs);
    await storeLeads({ dataDir: dataDir() }, [
      { name, email, created_at: arrived.toISOString() },
      { name, email, created_at: new Date(Date.now() - dayMs).toISOString() },
    ]);
    await page.goto(`/admin/inbox?q=${encodeURIComponent(name)}`);
    // The consent text's promise: deleted a year after it arrived, whatever its status; said as the admin writes
    // every date ("05 Mar 2026"), in the reader's zone.
    const deletedOn = await page.evaluate(
      (at) => new Date(at).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' }),
      arrived.getTime() + 365 * dayMs,
    );
    await page.getByText('2 leads match, newest first.').waitFor();
    const rows = page.getByRole('row').filter({ hasText: name });
    expect(
      await rows
        .nth(0)
        .getByText(/Deleted on/)
        .count(),
    ).toBe(0);
    expect(await rows.nth(1).getByText(`Deleted on ${deletedOn}`).isVisible()).toBe(true);

    await rows.nth(1).getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const retention = page.locator('dt', { hasText: 'Retention' }).locator('xpath=following-sibling::dd[1]');
    expect(await retention.textContent()).toBe(`Deleted on ${deletedOn}`);
    const address = page.getByRole('link', { name: email });
    const lines = await address.evaluate((link) => {
      const byTop = new Map<number, string>();
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let index = 0; index < node.textContent!.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? '') + node.textContent![index]);
        }
      }
      return [...byTop.values()];
    });
    // Too long for one line at 375 px: it wraps, but only where a reader expects it to (after @, a dot or a hyphen).
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(email);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@.-]$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
