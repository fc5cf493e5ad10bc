import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../../server/auth/totp.ts';
import { launchBrowser } from './browser.ts';
import { dataDir, openPage, phone, seriousViolations } from './page-helpers.ts';

// An admin of this test's own, so that turning on two-factor sign-in leaves the other tests' admin alone.
const admin = { email: 'two-factor-e2e@northbeam.example', password: 'a passphrase for the 2fa test' };

let browser: Browser;
/** Shown once by the first test; the second signs in with them (each TOTP step's code works only once). */
let recoveryCodes: string[] = [];
beforeAll(async () => {
  const cli = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'add-user', admin.email, '--name', 'Two Factor Admin'],
    {
      env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  cli.stdin.end(`${admin.password}\n${admin.password}\n`);
  const [code] = await once(cli, 'exit');
  expect(code).toBe(0);
  browser = await launchBrowser();
}, 60_000);
afterAll(() => browser?.close());

/**
 * Chrome logs every 4xx answer to fetch; a signed-out check and a refused code are meant to answer 401, a wrong
 * current password 403.
 */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 40[13]/.test(error));

/** What the authenticator app shows, `ahead` steps from now: the server accepts the next step's code too. */
const appCode = (secret: string, ahead = 0) => totpCode(secret, timeStep(new Date()) + ahead);

async function enterPassword(page: Page) {
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('two-factor sign-in in the admin', () => {
  it('is set up on the Security page and then asked for at sign-in, with a code or a recovery code', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/admin');
    await enterPassword(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();

    // A session alone is not enough: the password is asked for again, and a wrong one is said so in words.
    const start = page.getByRole('form', { name: 'Set up two-factor sign-in' });
    await start.getByLabel('Your current password').fill('not the password at all');
    await start.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await start.getByRole('alert').filter({ hasText: 'current password is not right' }).waitFor();
    await start.getByText('Your current password is not right.').waitFor();
    expect(await start.getByLabel('Your current password').inputValue()).toBe('not the password at all');
    await start.getByLabel('Your current password').fill(admin.password);
    await start.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const secret = (await page.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(appCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download as a text file' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Signing in again: the password alone is no longer enough.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await enterPassword(page);
    await page.getByLabel('Authentication code').waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'code is not right' }).waitFor();
    // The code of the step at enabling is used up; the app's next code is accepted already.
    await page.getByLabel('Authentication code').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await enterPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByText('9 recovery codes left').waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await page.getByRole('rowheader', { name: 'Two-factor sign-in turned on' }).first().waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lists sessions at 375 px and ends the others', async () => {
    const elsewhere = await openPage(browser);
    await elsewhere.page.goto('/admin');
    await signInWithRecoveryCode(elsewhere.page, recoveryCodes[1]!);
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/admin/security');
    await signInWithRecoveryCode(page, recoveryCodes[2]!);
    await page.getByText('This browser').waitFor();
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText(/Signed out of \d+ other sessions?/).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect((await elsewhere.page.request.get('/api/auth/me')).status()).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await elsewhere.context.close();
  });

  it('is turned off with the current password and a code', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/admin/security');
    await signInWithRecoveryCode(page, recoveryCodes[3]!);
    const turnOff = page.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await turnOff.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[4]!);
    await turnOff.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await turnOff.getByText('Enter your current password.').waitFor();
    await turnOff.getByLabel('Your current password').fill(admin.password);
    const button = turnOff.getByRole('button', { name: 'Turn off two-factor sign-in' });
    const topmost = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(topmost).toBe(true);
    await button.click();
    await page.getByText('Off.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

async function signInWithRecoveryCode(page: Page, code: string) {
  await enterPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Log Out' }).waitFor();
}
