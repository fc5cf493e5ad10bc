/**
 * Subscribing at 375 px from the end of a post and from /blog, with and without JavaScript, up to the confirmation
 * e-mail and its link. The run's shared server sends no mail, so this file starts one of its own whose SMTP_URL is a
 * real SMTP server in this process; its fresh database also keeps the forms' limits per address to these posts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscriber } from '../../src/content/types.gen.ts';
import { freePort } from '../../server/test-support/free-port.ts';
import {
  signInOver,
  startServerFromSource,
  stopServerProcess,
  type ServerProcess,
} from '../../server/test-support/server-process.ts';
import { SmtpSink } from '../../server/test-support/smtp-sink.ts';
import { launchBrowser } from './browser.ts';
import { phone, seriousViolations, untilHydrated } from './page-helpers.ts';

const admin = { email: 'mail-e2e@northbeam.example', password: 'mail-e2e-correct-horse' };

let browser: Browser;
let server: ServerProcess;
let sink: SmtpSink;
let cookie: string;
let postPath: string;
let dataDir: string;

beforeAll(async () => {
  sink = new SmtpSink(await freePort());
  await sink.start();
  dataDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-mail-'));
  server = await startServerFromSource((base) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    // The forms' time trap, as every browser test's server has it (tests/e2e/test-server.ts).
    FORM_TIME_TRAP_MS: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  }));
  cookie = await signInOver(server.base, admin);
  const posts = (await (await fetch(`${server.base}/api/blogs?limit=1`)).json()) as { slug: string }[];
  postPath = `/blogs/${posts[0]!.slug}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server);
  await sink?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function subscriberOf(email: string): Promise<Subscriber | undefined> {
  const response = await fetch(`${server.base}/api/subscribers?q=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as Subscriber[]).find((subscriber) => subscriber.email === email);
}

/** The confirmation e-mail sent to `email`, once it has reached the SMTP server; its one link. */
async function confirmationLink(email: string): Promise<string> {
  await expect
    .poll(() => sink.mails.find((mail) => mail.to && JSON.stringify(mail.to).includes(email)), { timeout: 15_000 })
    .toBeDefined();
  const mail = sink.mails.find((mail) => JSON.stringify(mail.to).includes(email))!;
  expect(mail.subject).toBe('Confirm your subscription to the Northbeam newsletter');
  const link = mail.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0];
  expect(link?.startsWith(`${server.base}/newsletter/confirm?token=`)).toBe(true);
  return link!;
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Fills the signup form of the page as a reader does: the address, the consent. */
async function fillSignup(page: Page, email: string) {
  const form = page.locator('#newsletter form[action="/api/subscribers"]');
  await form.getByLabel(/E-mail/).fill(email);
  await form.getByRole('checkbox').check();
  return form.getByRole('button', { name: 'Subscribe' });
}

/** After the signup: one e-mail, pending until its link is opened, then active, with the page it came from. */
async function confirmsByItsLink(page: Page, email: string, landingPage: string, scripts = true) {
  const link = await confirmationLink(email);
  expect(await subscriberOf(email)).toMatchObject({ status: 'pending', attribution: { landingPage } });
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'You are subscribed' }).waitFor();
  expect(await noHorizontalScroll(page)).toBe(true);
  // In the site's look: its header and footer around one heading, no app, and the footer's sections for a menu.
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  expect(await page.locator('script[type="module"]').count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Menu', exact: true }).isVisible()).toBe(true);
  // axe is a script: it checks the page where scripts run.
  if (scripts) expect(await seriousViolations(page)).toEqual([]);
  expect(await subscriberOf(email)).toMatchObject({ status: 'active', consentBasis: 'form' });
  expect(sink.mails.filter((mail) => JSON.stringify(mail.to).includes(email))).toHaveLength(1);
}

const places = [
  ['the end of a post', () => postPath],
  ['/blog', () => '/blog'],
] as const;

describe.each(places)('subscribing at 375 px from %s', (place, path) => {
  const tag = place === '/blog' ? 'blog' : 'post';

  it('with JavaScript: "Check your inbox" in place, then the e-mailed link makes the reader active', async () => {
    const context = await browser.newContext({ viewport: phone, baseURL: server.base });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path());
    const email = `js-${tag}@example.com`;
    // Typed once the app owns the form: its token is fetched then, and the time trap counts from it.
    await untilHydrated(page.locator('#newsletter form'));
    const send = await fillSignup(page, email);
    await send.scrollIntoViewIfNeeded();
    await send.click();
    await page.getByRole('status').getByText('Check your inbox').waitFor();
    expect(new URL(page.url()).pathname).toBe(path());
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await confirmsByItsLink(page, email, path());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the held page, its button, then the e-mailed link makes the reader active', async () => {
    const context = await browser.newContext({ viewport: phone, baseURL: server.base, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path());
    const email = `plain-${tag}@example.com`;
    await (await fillSignup(page, email)).click();
    await page.getByRole('heading', { level: 1, name: 'One more step: confirm your signup' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    // A held signup stores nothing and sends nothing until its button is pressed.
    expect(await subscriberOf(email)).toBeUndefined();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/newsletter/check-your-inbox');
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await confirmsByItsLink(page, email, path(), false);
    await context.close();
  });
});

describe('unsubscribing and subscribing again at 375 px', () => {
  it('asks for a new confirmation by e-mail, and only its link makes the reader active again', async () => {
    const email = 'again@example.com';
    const mailsTo = (subject: RegExp) =>
      sink.mails.filter((mail) => JSON.stringify(mail.to).includes(email) && subject.test(mail.subject ?? ''));
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base, ...headers },
        body: JSON.stringify(body),
      });
    const { token } = (await (await fetch(`${server.base}/api/form-token?form=newsletter`)).json()) as {
      token: string;
    };
    expect((await post('/api/subscribers', { email, consent: true, formToken: token })).status).toBe(202);
    expect((await fetch(await confirmationLink(email))).status).toBe(200);
    // A post sent to the newsletter brings the reader's unsubscribe link.
    const [latest] = (await (await fetch(`${server.base}/api/blogs?limit=1`)).json()) as { _id: string }[];
    expect((await post(`/api/blogs/${latest!._id}/newsletter`, {}, { cookie })).status).toBe(202);
    await expect.poll(() => mailsTo(/^(?!Confirm)/).length, { timeout: 15_000 }).toBe(1);
    const unsubscribe = mailsTo(/^(?!Confirm)/)[0]!.text?.match(
      /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.%-]+/,
    )?.[0];

    const context = await browser.newContext({ viewport: phone, baseURL: server.base });
    const page = await context.newPage();
    await page.goto(unsubscribe!);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    expect(await subscriberOf(email)).toMatchObject({ status: 'unsubscribed' });
    await page.getByText('Changed your mind? We will e-mail you a link to confirm.').waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await page.waitForURL((url) => url.pathname === '/newsletter/check-your-inbox');
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    // Still unsubscribed: the press only asked for a link.
    expect(await subscriberOf(email)).toMatchObject({ status: 'unsubscribed' });

    await expect.poll(() => mailsTo(/^Confirm/).length, { timeout: 15_000 }).toBe(2);
    const link = mailsTo(/^Confirm/)[1]!.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0];
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'You are subscribed' }).waitFor();
    expect(await subscriberOf(email)).toMatchObject({ status: 'active', consentBasis: 'form' });
    await context.close();
  });
});
