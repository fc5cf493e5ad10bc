import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { openPage, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const admin = () => inject('admin');

/** Chrome logs every 4xx answer to fetch; a signed-out visitor's session check is meant to answer 401. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error));

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(admin().email);
  await page.getByLabel('Password').fill(admin().password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('admin sign-in', () => {
  it('asks a visitor to sign in, keeps the session over a reload, and Log Out ends it', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);

    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('returns to the page that was asked for', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/admin/stats');
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/stats');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('says why a wrong password is refused, without signing in', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/admin');
    await page.getByLabel('Email').fill(admin().email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'password is not right' }).waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await context.close();
  });

  it('has no serious accessibility violations on the sign-in form and the dashboard at 375 px', async () => {
    const { page, context } = await openPage(browser, phone);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
