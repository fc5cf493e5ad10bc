import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, dataDir, desktop, phone, seriousViolations, tabTo } from './page-helpers.ts';

// The studio is for marketers: an editor of the team (permission `content`), not the owner.
const editor = { email: 'studio-editor-e2e@northbeam.example', password: 'a passphrase for the studio test' };

let browser: Browser;
beforeAll(async () => {
  const cli = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'add-user', editor.email, '--name', 'Studio Editor', '--role', 'editor'],
    { env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' }, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  cli.stdin.end(`${editor.password}\n${editor.password}\n`);
  const [code] = await once(cli, 'exit');
  expect(code).toBe(0);
  browser = await launchBrowser();
}, 60_000);
afterAll(() => browser?.close());

const shots = process.env.STUDIO_SCREENSHOTS;
/** The whole page, and what the window shows (a sticky bar, a focused field) as the person sees it. */
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  await page.screenshot({ path: `${shots}/${name}-window.png` });
};

/** The public page's first HTML, as a visitor's browser gets it before any script runs. */
const publicHtml = async (path: string) => (await fetch(`${baseURL()}${path}`)).text();
/** A save is built and served within seconds (docs/decisions/0015); two busy cores may take longer. */
const live = { timeout: 240_000, interval: 500 };

/** The journey's new hero heading. */
const changed = 'SEO that brings buyers who are ready to talk';
const heroHeading = (page: Page) => page.locator('[data-pointer="/sections/0/heading"] input');
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');

async function openSeo(page: Page, { checkList = false } = {}): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // On a phone the admin's links are behind its menu button.
  if (page.viewportSize()!.width < 600) await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
  if (checkList) await listFits(page);
  await page.getByRole('searchbox').fill('/seo');
  await page.getByRole('link', { name: 'SEO Services in Gurugram | Northbeam' }).click();
  await heroHeading(page).waitFor();
}

/** The list of pages at this width: axe clean, and neither the page nor any list in it scrolls sideways. */
async function listFits(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.getByRole('heading', { name: 'Services' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // Nor does any list scroll sideways inside its frame: each document's row is read whole.
  const scrolledSideways = await page.evaluate(
    () =>
      [...document.querySelectorAll('table')]
        .map((table) => table.parentElement!)
        .filter((frame) => frame.scrollWidth > frame.clientWidth + 1).length,
  );
  expect(scrolledSideways).toBe(0);
  await shoot(page, `list-${width}`);
}

/**
 * The focused control, where focus left the page (no scrolling of ours): inside the window, and what a pointer at its
 * centre would hit, so that nothing (the sticky save bar) covers it.
 */
async function focusedIsOnTop(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement!;
    const box = element.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    return y > 0 && y < window.innerHeight && element.contains(document.elementFromPoint(x, y));
  });
}

/** On a phone, Form and Preview are two tabs: shows one of them by keyboard. */
async function showView(page: Page, view: 'Form' | 'Preview'): Promise<void> {
  if (page.viewportSize()!.width >= 1100) return;
  const tab = page.getByRole('tab', { name: view });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** The control is what a pointer at its centre would hit: nothing covers it. */
async function isOnTop(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

/** Chooses the hero's image with the picker by keyboard alone: Tab to it, search, Enter; the preview follows. */
async function chooseHeroImage(page: Page, search: string, file: string, shot?: string): Promise<void> {
  const field = page.locator('[data-pointer="/sections/0/image/src"]');
  const opener = field.getByRole('button', { name: /^(Change|Choose) image/ });
  await tabTo(page, opener);
  expect(await focusedIsOnTop(page)).toBe(true);
  if (shot) await shoot(page, `focused-${shot}`);
  await page.keyboard.press('Enter');
  const box = field.getByRole('combobox', { name: 'Search images' });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(search);
  await field
    .getByRole('option', { name: new RegExp(file) })
    .first()
    .waitFor();
  if (shot) {
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, shot);
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect.poll(() => preview(page).locator(`img[src="/images/${file}"]`).count()).toBeGreaterThan(0);
}

/**
 * The editor's journey by keyboard, once at each width. Saving and restoring each build the site again (a change of
 * its sections' types is a whole Vite build), and what goes live does not depend on the width that saved it: the
 * desktop saves and sees its change live, the phone compares with the version before and restores it, live again. Both
 * use the picker, the catalogue and the preview, and find Save unobstructed. The list of pages is checked at 375 px
 * on the phone's way.
 */
describe('the content studio', () => {
  it('lets an editor change the /seo hero and add testimonials by keyboard, preview, save, publish and restore, at 1280 and 375 px', async () => {
    const original = await editSeoHero(desktop, '1280');
    await editSeoHero(phone, '375', original);
  }, 600_000);
});

/**
 * Signed in as the editor at this width, by keyboard: the picker, the new heading and the testimonials, shown in the
 * preview, and Save unobstructed. The desktop (no `original` yet) saves and finds its change named in the history;
 * the phone first finds that change in the history, compares the version before it (`original`) with now, restores it
 * and sees it live again, then makes the same edits, left unsaved. Answers the heading the page had when opened.
 */
async function editSeoHero(viewport: typeof desktop, width: string, original?: string): Promise<string> {
  const { page, errors, close } = await signedIn(browser, viewport, editor);
  // The phone's journey passes through the list of pages, checked at 375 px on the way.
  await openSeo(page, { checkList: viewport === phone });
  const opened = await heroHeading(page).inputValue();
  await expect.poll(() => preview(page).locator('h1').textContent()).toBe(opened);
  if (viewport === phone) {
    // The preview is a tab of its own, shown at the top of the screen, not under the whole form.
    await showView(page, 'Preview');
    const frameBox = await page.locator('iframe[title^="Preview of"]').boundingBox();
    expect(frameBox!.y).toBeLessThan(phone.height * 0.4);
    expect(await heroHeading(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Phone (375 px)' }).click();
    await expect.poll(() => preview(page).locator('h1').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'preview-phone-375');
    await showView(page, 'Form');
    await heroHeading(page).waitFor();
  }
  expect(await seriousViolations(page)).toEqual([]);
  if (original !== undefined) await restoreFromHistory(page, width, original);

  // The picker, by keyboard: another image shows in the preview, then the page's own again.
  const image = await page.locator('[data-pointer="/sections/0/image/src"]').textContent();
  const originalFile = /\/images\/(\S+)/.exec(image ?? '')![1]!;
  await chooseHeroImage(page, 'branding', 'services/branding.svg', `picker-${width}`);
  await chooseHeroImage(page, originalFile.replace(/\.svg$/, ''), originalFile);
  expect(await preview(page).locator('img[src="/images/services/branding.svg"]').count()).toBe(0);

  await heroHeading(page).fill(changed);
  await expect.poll(() => preview(page).locator('h1').textContent()).toBe(changed);

  // The catalogue, by keyboard alone: Tab to its button, open it, Tab to the testimonials and add them.
  await tabTo(page, page.getByRole('button', { name: 'Add a section' }));
  expect(await focusedIsOnTop(page)).toBe(true);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: /^Client testimonials/ }));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Carousel');
  // The preview follows the form: the new section at the page's end, where focus is, is scrolled into view.
  await showView(page, 'Preview');
  await expect.poll(() => preview(page).getByRole('region', { name: 'Client testimonials' }).count()).toBe(1);
  await expect
    .poll(
      () =>
        preview(page)
          .locator('html')
          .evaluate(() => window.scrollY),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(1000);
  await shoot(page, `preview-follows-${width}`);
  await showView(page, 'Form');
  await shoot(page, `form-${width}`);

  const message = page.getByLabel('What changed (the history shows this)');
  expect(await message.inputValue()).toBe('Add a carousel section and change Section 1 (hero) › Heading on /seo');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  expect(await isOnTop(save)).toBe(true);
  // The bar takes a small share of the window: two short rows.
  const bar = await page.getByRole('form', { name: 'Save' }).boundingBox();
  expect(bar!.height).toBeLessThan(100);
  if (original === undefined) {
    await save.click();
    await page.getByText(/^Saved as commit [0-9a-f]{7}\./).waitFor();
    // The studio says when the public site shows the save, with the seconds it took.
    await page
      .getByText(/^Live: the public site shows it, \d+ seconds? after the save\./)
      .waitFor({ timeout: live.timeout });
    expect(await publicHtml('/seo')).toContain(changed);
    // The bar, where the person is, says it too.
    await page.getByText(/^Saved · live after \d+ seconds?$/).waitFor();
    await shoot(page, `live-${width}`);
    await newestInHistory(page);
  }
  expect(unexpected(errors)).toEqual([]);
  await close();
  return opened;
}

/** Opens the history: its newest version is the carousel's save, by this editor. Answers the list of versions. */
async function newestInHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Show the history' }).click();
  const versions = page.locator('ol li').filter({ has: page.getByRole('button', { name: /^Compare with now/ }) });
  // The history is read from git when the panel opens: on a loaded machine that takes longer than a poll's second.
  await versions.nth(1).waitFor();
  const newest = versions.first();
  expect(await newest.textContent()).toContain('Add a carousel section and change Section 1 (hero) › Heading on /seo');
  expect(await newest.textContent()).toContain(
    (await callApi<{ name: string }>(page, 'GET', '/api/auth/me')).body.name,
  );
  return versions;
}

/** Compares the version before the newest with now, restores it, and sees it in the form, the preview and live. */
async function restoreFromHistory(page: Page, width: string, original: string): Promise<void> {
  const older = (await newestInHistory(page)).nth(1);
  await older.getByRole('button', { name: /^Compare with now/ }).click();
  await older.getByRole('cell', { name: original }).waitFor();
  if (page.viewportSize()!.width < 600) {
    // On a phone each row is a card, and each value says which version it is.
    const label = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element, '::before').content);
    expect(await label(older.getByRole('cell', { name: original }))).toBe('"That version: "');
  }
  await shoot(page, `history-${width}`);
  await older.getByRole('button', { name: /^Restore this version/ }).click();
  await page.getByRole('button', { name: 'Yes, restore it' }).click();
  await page.getByText(/is back, saved as a new change\./).waitFor();
  // Focus is on the notice, not dropped to the page's body with the confirmation that held it.
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
    /is back, saved as a new change/,
  );
  await expect.poll(() => heroHeading(page).inputValue()).toBe(original);
  await expect.poll(() => preview(page).locator('h1').textContent()).toBe(original);
  const read = await callApi<{ document: { sections: { heading?: string }[] } }>(
    page,
    'GET',
    '/api/content/services%2Fseo',
  );
  expect(read.body.document.sections[0]!.heading).toBe(original);
  // The restored text is live again, and the changed one gone.
  await expect.poll(() => publicHtml('/seo'), live).not.toContain(changed);
  expect(await publicHtml('/seo')).toContain(original);
  await page.getByRole('button', { name: 'Hide the history' }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type SeoVersion = { document: Record<string, unknown>; version: string };
const readSeo = async (page: Page): Promise<SeoVersion> =>
  (await callApi<SeoVersion>(page, 'GET', '/api/content/services%2Fseo')).body;

/** Saves /seo as another person would, from this page's session: answers the status. */
const putSeo = (page: Page, document: Record<string, unknown>, version: string, message: string) =>
  page.evaluate(
    async ({ document, version, message }) =>
      (
        await fetch('/api/content/services%2Fseo', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'if-match': version },
          body: JSON.stringify({ document, message }),
        })
      ).status,
    { document, version, message },
  );

describe.each([
  ['1280', desktop],
  ['375', phone],
])('the content studio at %s px', (width, viewport) => {
  it('refuses a save with problems, a moved version and a lost network in sentences, keeping the edits', async () => {
    const { page, close } = await signedIn(browser, viewport);
    await openSeo(page);
    await heroHeading(page).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Not saved: one problem needs fixing first. Your changes are kept.');
    expect(await refusal.textContent()).toContain('Fill this in: it is required.');
    expect(await page.locator('[data-pointer="/sections/0/heading"]').textContent()).toContain('Fill this in');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `errors-${width}`);

    // Someone else saves meanwhile: the save is refused, and both versions are shown field by field.
    await heroHeading(page).fill('My own heading for the SEO page');
    const current = await readSeo(page);
    const theirTitle = 'SEO Services for Gurugram businesses | Northbeam';
    expect(
      await putSeo(page, { ...current.document, title: theirTitle }, current.version, 'Someone else edits the title'),
    ).toBe(200);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'someone else saved this page' });
    await conflict.waitFor();
    const title = conflict.getByRole('group', { name: /^Title/ });
    expect(await title.textContent()).toContain('Changed by the other save only');
    expect(
      await title
        .getByRole('radio', { name: new RegExp(`^Take the other save’s ${escapeRegExp(theirTitle)}`) })
        .isChecked(),
    ).toBe(true);
    expect(await title.getByRole('radio', { name: /^Keep yours SEO Services in Gurugram/ }).isChecked()).toBe(false);
    const heading = conflict.getByRole('group', { name: /^Section 1 \(hero\) › Heading/ });
    expect(await heading.getByRole('radio', { name: /^Keep yours My own heading/ }).isChecked()).toBe(true);
    expect(await heroHeading(page).inputValue()).toBe('My own heading for the SEO page');
    expect(await page.getByText('Unsaved changes', { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `conflict-${width}`);

    // By keyboard, this person keeps their own title over theirs, and saves both fields in one step.
    await tabTo(page, title.getByRole('radio', { name: /^Take the other save’s/ }));
    expect(await focusedIsOnTop(page)).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await title.getByRole('radio', { name: /^Keep yours/ }).isChecked()).toBe(true);
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await page.getByText(/^Saved as commit [0-9a-f]{7}\./).waitFor();
    const merged = await readSeo(page);
    expect(merged.document.title).toBe(current.document.title);
    expect((merged.document.sections as { heading?: string }[])[0]!.heading).toBe('My own heading for the SEO page');
    const history = await callApi<{ message: string }[]>(page, 'GET', '/api/content/services%2Fseo/history');
    expect(history.body[0]!.message).toContain(`Replaces what was saved meanwhile in:\n- Title: “${theirTitle}”`);

    // The network goes: nothing is lost, and a reload brings the edit back from this tab's draft.
    await heroHeading(page).fill('A heading the network lost');
    await page.route('**/api/content/**', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Could not reach the server, so nothing was saved\./).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await heroHeading(page).waitFor();
    expect(await heroHeading(page).inputValue()).toBe('A heading the network lost');
    await page.getByText(/Your unsaved changes from .* are back/).waitFor();

    // Leaving the page asks first; staying keeps the edit.
    await page.getByRole('link', { name: 'All pages' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await shoot(page, `leave-${width}`);
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await heroHeading(page).inputValue()).toBe('A heading the network lost');

    // The page goes back as it was, for the next run of this journey.
    await page.unroute('**/api/content/**');
    const now = await readSeo(page);
    expect(await putSeo(page, current.document, now.version, 'Put the page back')).toBe(200);
    await close();
  }, 240_000);
});
