/**
 * Sending a post to the newsletter by keyboard alone, at 1280 and 375 px: the editor's dialog with the e-mail's
 * preview, a test to oneself, the send, and its screen until done, paused and resumed on the way. The run's shared
 * server sends no mail, so this file starts one of its own whose SMTP_URL is a real SMTP server in this process, with
 * subscribers imported as consented (active at once) and a rate slow enough to pause a send halfway.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { freePort } from '../../server/test-support/free-port.ts';
import {
  signInOver,
  startServerFromSource,
  stopServerProcess,
  type ServerProcess,
} from '../../server/test-support/server-process.ts';
import { SmtpSink } from '../../server/test-support/smtp-sink.ts';
import { unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { desktop, phone, seriousViolations, tabTo } from './page-helpers.ts';

const admin = { email: 'send-e2e@northbeam.example', password: 'send-e2e-correct-horse' };
const subscribers = 40;

let browser: Browser;
let server: ServerProcess;
let sink: SmtpSink;
let cookie: string;
let dataDir: string;

async function api<T>(method: string, path: string, body?: string, type = 'application/json'): Promise<T> {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { cookie, origin: server.base, ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  sink = new SmtpSink(await freePort());
  await sink.start();
  dataDir = mkdtempSync(join(tmpdir(), 'northbeam-e2e-send-'));
  server = await startServerFromSource(
    (base) => ({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: base,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Four messages a second: a send of 40 lasts ten seconds, time enough to pause it by keyboard.
      NEWSLETTER_RATE: '4',
      SEED_EXAMPLES: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    }),
    { timeoutMs: 120_000 },
  );
  cookie = await signInOver(server.base, admin);
  const rows = Array.from({ length: subscribers }, (_, i) => `reader-${i}@example.com,2025-06-01,signed up at a fair`);
  await api('POST', '/api/subscribers/import', ['email,consented_at,consent_basis', ...rows].join('\n'), 'text/csv');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server);
  await sink?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const publishedPost = (slug: string) =>
  api<BlogPost>(
    'POST',
    '/api/blogs',
    JSON.stringify({
      title: `Growth notes ${slug}`,
      slug,
      content: '<p>Search is a growth system, and this is why.</p>',
      contentFormat: 'html',
      summary: 'Why search compounds.',
      tags: ['seo'],
      categories: ['Marketing'],
      status: 'published',
    }),
  );

const shots = 'test-results/screenshots';
async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/newsletter-send-${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** What a pointer at the centre of the control (of its first line, for a link) would hit instead ('' when none). */
async function coveredBy(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return element.contains(hit) ? '' : `${hit?.outerHTML.slice(0, 120)} at ${Math.round(box.y)} of ${innerHeight}`;
  });
}

async function press(page: Page, control: Locator) {
  await tabTo(page, control);
  expect(await coveredBy(control)).toBe('');
  await page.keyboard.press('Enter');
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const mailsTo = (address: string, subject: string) =>
  sink.mails.filter((mail) => JSON.stringify(mail.to).includes(address) && mail.subject === subject);

async function signIn(viewport: typeof desktop) {
  const context = await browser.newContext({ viewport, baseURL: server.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { page, errors, close: () => context.close() };
}

describe.each([
  ['1280', desktop],
  ['375', phone],
] as const)('sending a post to subscribers at %s px, by keyboard alone', (width, viewport) => {
  it(
    'previews, sends a test, sends, pauses and resumes, and watches the send reach done; axe clean',
    { timeout: 150_000 },
    async () => {
      const post = await publishedPost(`send-${width}`);
      const { page, errors, close } = await signIn(viewport);
      await page.goto(`/admin/blog/edit/${post._id}`);
      await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(post.title);

      await press(page, page.getByRole('button', { name: 'Send to subscribers' }));
      const dialog = page.getByRole('dialog', { name: 'Send to subscribers' });
      await dialog.waitFor();
      const frame = dialog.locator('iframe[title="The e-mail, as subscribers see it"]');
      expect(await frame.getAttribute('sandbox')).toBe('');
      await frame.contentFrame().getByText('Search is a growth system').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await noHorizontalScroll(page)).toBe(true);
      await shoot(page, 'dialog');

      await press(page, dialog.getByRole('button', { name: 'Send a test to me' }));
      await dialog.getByText(`A test was sent to ${admin.email}.`).waitFor();
      await expect.poll(() => mailsTo(admin.email, `[Test] ${post.title}`).length, { timeout: 15_000 }).toBe(1);

      // One more step, naming how many: the safe answer has the focus.
      await press(page, dialog.getByRole('button', { name: `Send to ${subscribers} subscribers…` }));
      const question = dialog.getByRole('group', { name: new RegExp(`Send to ${subscribers} subscribers\\?`) });
      await question.waitFor();
      expect(
        await question.getByRole('button', { name: 'Don’t send yet' }).evaluate((b) => b === document.activeElement),
      ).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'confirm');
      await press(page, question.getByRole('button', { name: `Yes, send to ${subscribers} subscribers` }));
      await page.getByRole('heading', { level: 1, name: `Newsletter: “${post.title}”` }).waitFor();
      const bar = page.getByRole('progressbar', { name: 'Messages dealt with' });
      expect(await bar.getAttribute('aria-valuemax')).toBe(String(subscribers));

      await press(page, page.getByRole('button', { name: 'Pause' }));
      await page.getByText('Paused: no more messages go out until you resume.').waitFor();
      const pausedAt = Number(await bar.getAttribute('aria-valuenow'));
      expect(pausedAt).toBeLessThan(subscribers);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await noHorizontalScroll(page)).toBe(true);
      await shoot(page, 'paused');

      await press(page, page.getByRole('button', { name: 'Resume' }));
      await page.getByText(/^Sending: messages go out/).waitFor();
      await shoot(page, 'sending');
      await page.getByText('Done: every message was dealt with.').waitFor({ timeout: 30_000 });
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(subscribers));
      expect(await page.getByRole('region', { name: 'Progress' }).textContent()).toContain(`Sent${subscribers}`);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'done');
      // Each subscriber got it once; the member's test, marked so, was the only other copy.
      const received = sink.mails.filter((mail) => mail.subject === post.title);
      expect(received).toHaveLength(subscribers);
      expect(new Set(received.map((mail) => JSON.stringify(mail.to))).size).toBe(subscribers);
      expect(mailsTo(admin.email, `[Test] ${post.title}`)).toHaveLength(1);

      // Back in the editor, the post says it was sent, with the way back to its send.
      await page.goto(`/admin/blog/edit/${post._id}`);
      const sent = page.getByRole('group', { name: 'Newsletter' });
      await sent.getByText('Sent to subscribers.').waitFor();
      await press(page, sent.getByRole('link', { name: 'See the send’s progress' }));
      await page.getByText('Done: every message was dealt with.').waitFor();
      // The sign-in screen's first question (a 401 before signing in) is the only refusal logged.
      expect(unexpected(errors)).toEqual([]);
      await close();
    },
  );
});
