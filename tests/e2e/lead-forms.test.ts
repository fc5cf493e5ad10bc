import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPdf } from '../../server/test-support/cv-files.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, desktop, openPage, phone, seriousViolations, untilHydrated } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cv = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: testPdf() };

/** The element at the middle of a control is the control itself: nothing covers it. */
async function isOnTop(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === element || element.contains(top);
  });
}

const describedBy = (page: Page, label: RegExp) =>
  page
    .getByLabel(label)
    .evaluate((field) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent);

/** A refused form sent without JavaScript is back on its own page, at its summary of problems, which has focus. */
async function backAtProblems(page: Page, path: string, form: string) {
  await page.waitForURL((url) => url.pathname === path && url.hash === `#${form}-form-problems`);
  expect(await page.title()).toMatch(/^Error: /);
  const summary = page.locator(`#${form}-form-problems`);
  await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await summary.isVisible()).toBe(true);
  const box = (await summary.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(page.viewportSize()!.height);
}

async function withoutScripts(viewport: typeof phone) {
  const context = await browser.newContext({ viewport, baseURL: baseURL(), javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

/** A form sent without JavaScript is held until its sender presses the button of the page it gets (decision 0012). */
async function confirmHeldLead(page: Page, what: 'enquiry' | 'application') {
  // Pressing it at once would be asked again in production (a second); the test server's time trap is none.
  await page.getByRole('heading', { level: 1, name: `One more step: confirm your ${what}` }).waitFor();
  await page.getByRole('button', { name: `Send my ${what}` }).click();
}

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as const)('the lead forms on a %s', (_, viewport) => {
  it('enquiry with JavaScript: problems beside their fields, focus on the first, sent without a reload; axe clean', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto('/contact?utm_source=e2e&utm_campaign=forms');
    const send = page.getByRole('button', { name: 'Send enquiry' });
    await untilHydrated(send);
    await send.scrollIntoViewIfNeeded();
    expect(await isOnTop(page, 'form[action="/api/enquiries"] button[type=submit]')).toBe(true);
    await page.getByLabel(/E-mail/).fill('nope');
    await send.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await describedBy(page, /Your name/)).toBe('Please fill this in.');
    expect(await describedBy(page, /E-mail/)).toContain('Enter an e-mail address');
    expect(await seriousViolations(page)).toEqual([]);
    // A corrected field loses its problem at once; the others keep theirs until they are corrected or sent.
    await page.getByLabel(/E-mail/).fill('meera@example.com');
    await expect.poll(() => page.getByLabel(/E-mail/).getAttribute('aria-invalid')).toBeNull();
    expect(await describedBy(page, /E-mail/)).toBeUndefined();
    expect(await describedBy(page, /Your name/)).toBe('Please fill this in.');
    await page.getByLabel(/E-mail/).fill('still-wrong');
    await page.getByLabel(/Your name/).fill('Meera Iyer');
    await expect.poll(() => page.getByLabel(/Your name/).getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel(/E-mail/).fill('meera@example.com');
    await page.getByLabel('Service').selectOption({ label: 'Search Engine Optimization' });
    await page.getByLabel(/How can we help/).fill('We need more visitors from search for our clinics.');
    await page.getByRole('checkbox').check();
    await send.click();
    const status = page.getByRole('status');
    await status.getByText('your message reached us').waitFor();
    await expect.poll(() => status.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('enquiry without JavaScript: the form again with its problems and what was typed, then the thank-you page', async () => {
    const { page, close } = await withoutScripts(viewport);
    await page.goto('/seo');
    const form = page.locator('form[action="/api/enquiries"]');
    expect(await form.getByLabel('Service').inputValue()).toBe('seo');
    await form.getByLabel(/Your name/).fill('Kabir');
    await form.getByLabel(/E-mail/).fill('kabir-at-example');
    await form.getByLabel(/How can we help/).fill('Rankings for our travel agency, please.');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await backAtProblems(page, '/seo', 'enquiry');
    await page.getByText('Some fields need your attention').waitFor();
    const again = page.locator('form[action="/api/enquiries"]');
    expect(await again.getByLabel(/Your name/).inputValue()).toBe('Kabir');
    expect(await again.getByLabel(/How can we help/).inputValue()).toBe('Rankings for our travel agency, please.');
    expect(await again.getByLabel('Service').inputValue()).toBe('seo');
    expect(await describedBy(page, /E-mail/)).toContain('Enter an e-mail address');
    expect(await describedBy(page, /I agree/)).toContain('Tick this box');
    await again.getByLabel(/E-mail/).fill('kabir@example.com');
    await again.getByRole('checkbox').check();
    await again.getByRole('button', { name: 'Send enquiry' }).click();
    await confirmHeldLead(page, 'enquiry');
    await page.waitForURL((url) => url.pathname === '/contact/thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    await close();
  });

  it('application with JavaScript: the CV checked, sent without a reload', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto('/work-with-us');
    const send = page.getByRole('button', { name: 'Send application' });
    await untilHydrated(send);
    await page.getByLabel(/Your name/).fill('Farah Khan');
    await page.getByLabel(/E-mail/).fill('farah@example.com');
    await page.getByLabel(/^Role/).fill('Designer');
    await page.getByRole('checkbox').check();
    await send.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cv');
    expect(await describedBy(page, /Your CV/)).toContain('Attach your CV');
    await page.getByLabel(/Your CV/).setInputFiles(cv);
    await send.click();
    await page.getByRole('status').getByText('Thank you for applying').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('application without JavaScript: a CV refused (a PNG named .pdf) comes back to the form with everything typed', async () => {
    const { page, close } = await withoutScripts(viewport);
    await page.goto('/work-with-us');
    const form = page.locator('form[action="/api/applications"]');
    await form.getByLabel(/Your name/).fill('Dev Patel');
    await form.getByLabel(/E-mail/).fill('dev@example.com');
    await form.getByLabel(/^Role/).fill('Developer');
    await form.getByLabel(/Cover letter/).fill('I build fast websites.');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await form.getByLabel(/Your CV/).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: png });
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Send application' }).click();
    await backAtProblems(page, '/work-with-us', 'application');
    const again = page.locator('form[action="/api/applications"]');
    expect(await again.getByLabel(/Your name/).inputValue()).toBe('Dev Patel');
    expect(await again.getByLabel(/E-mail/).inputValue()).toBe('dev@example.com');
    expect(await again.getByLabel(/^Role/).inputValue()).toBe('Developer');
    expect(await again.getByLabel(/Cover letter/).inputValue()).toBe('I build fast websites.');
    expect(await again.getByRole('checkbox').isChecked()).toBe(true);
    expect(await describedBy(page, /Your CV/)).toContain('PDF');
    await close();
  });

  it('application without JavaScript: a plain multipart post, then the thank-you page', async () => {
    const { page, close } = await withoutScripts(viewport);
    await page.goto('/work-with-us');
    const form = page.locator('form[action="/api/applications"]');
    await form.getByLabel(/Your name/).fill('Dev Patel');
    await form.getByLabel(/E-mail/).fill('dev@example.com');
    await form.getByLabel(/Cover letter/).fill('I build fast websites.');
    await form.getByLabel(/Your CV/).setInputFiles(cv);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Send application' }).click();
    await confirmHeldLead(page, 'application');
    await page.waitForURL((url) => url.pathname === '/work-with-us/thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank you for applying' }).waitFor();
    await close();
  });
});
