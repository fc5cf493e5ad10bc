import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, CommentRecord } from '../../src/content/types.gen.ts';
import { callApi, createPost, signedIn, type SignedInPage } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { baseURL, openPage, phone, seriousViolations, untilHydrated } from './page-helpers.ts';

let browser: Browser;
let admin: SignedInPage;
let post: BlogPost;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedIn(browser);
  post = await createPost(admin.page, {
    title: 'Comments from a phone',
    slug: `comments-from-a-phone-${Date.now()}`,
    content: '<p>Tell us what you think.</p>',
    status: 'published',
  });
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

const pending = async () =>
  (await callApi<CommentRecord[]>(admin.page, 'GET', `/api/comments?status=pending&postId=${post._id}`)).body;

describe('a reader comments on a post at 375 px', () => {
  it('with JavaScript: problems beside their fields, then sent without a reload and awaiting moderation; axe clean', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto(`/blogs/${post.slug}`);
    const comments = page.locator('#comments');
    await comments.getByRole('heading', { name: '0 comments' }).waitFor();
    const send = comments.getByRole('button', { name: 'Send comment' });
    await untilHydrated(send);
    await comments.getByLabel(/Name/).fill('Meera');
    await comments.getByLabel(/E-mail/).fill('not-an-address');
    await comments.getByLabel(/Comment/).fill('x');
    await send.click();
    await comments.getByText('Some fields need your attention').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blogs/${post.slug}`);
    const emailProblem = await comments
      .getByLabel(/E-mail/)
      .evaluate((field) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(emailProblem).toContain('Enter an e-mail address');
    expect(await seriousViolations(page)).toEqual([]);
    await comments.getByLabel(/E-mail/).fill('meera@example.com');
    await comments.getByLabel(/Comment/).fill('This helped our bakery show up on the map. Thanks!');
    await send.click();
    const status = comments.getByRole('status');
    await status.getByText('Comments are checked before they appear').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blogs/${post.slug}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await pending()).map((comment) => comment.text)).toContain(
      'This helped our bakery show up on the map. Thanks!',
    );
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('with JavaScript: a returning commenter’s comment is published at once, and the thanks say so', async () => {
    // A post of its own: the comments approved here would change the counts of the other tests.
    const own = await createPost(admin.page, {
      title: 'Comments from a returning reader',
      slug: `comments-returning-${Date.now()}`,
      content: '<p>Ask us again.</p>',
      status: 'published',
    });
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto(`/blogs/${own.slug}`);
    const comments = page.locator('#comments');
    const send = comments.getByRole('button', { name: 'Send comment' });
    await untilHydrated(send);
    await comments.getByLabel(/Name/).fill('Lena Baker');
    await comments.getByLabel(/E-mail/).fill('lena@example.com');
    await comments.getByLabel(/Comment/).fill('Our first question about local search.');
    await send.click();
    await comments.getByRole('status').getByText('yours will show here once it is approved').waitFor();
    const waiting = await callApi<CommentRecord[]>(admin.page, 'GET', `/api/comments?status=pending&postId=${own._id}`);
    const [first] = waiting.body;
    expect((await callApi(admin.page, 'PATCH', `/api/comments/${first!._id}`, { status: 'approved' })).status).toBe(
      200,
    );

    await comments.getByRole('button', { name: 'Write another comment' }).click();
    await comments.getByLabel(/Name/).fill('Lena Baker');
    await comments.getByLabel(/E-mail/).fill('lena@example.com');
    await comments.getByLabel(/Comment/).fill('And a second one, published at once.');
    // Each form gets a fresh single-use token (the server's time trap, which its answer names, counts from it).
    await comments.getByRole('button', { name: 'Send comment' }).click();
    const status = comments.getByRole('status');
    await status.getByText('Your comment is published below.').waitFor();
    expect(await status.textContent()).not.toContain('once it is approved');
    await comments.getByText('And a second one, published at once.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the page again with the problems and what was typed, then the notice; approved, it is shown', async () => {
    const context = await browser.newContext({ viewport: phone, baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blogs/${post.slug}`);
    const form = page.locator(`form[action="/api/blogs/${post._id}/comments"]`);
    await form.getByLabel(/Name/).fill('Kabir');
    await form.getByLabel(/Comment/).fill('');
    await form.getByRole('button', { name: 'Send comment' }).click();
    await page.waitForURL((url) => url.pathname === `/blogs/${post.slug}` && url.hash === '#comment-form-problems');
    expect(await page.title()).toMatch(/^Error: /);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('comment-form-problems');
    await page.getByText('Some fields need your attention').waitFor();
    const again = page.locator(`form[action="/api/blogs/${post._id}/comments"]`);
    expect(await again.getByLabel(/Name/).inputValue()).toBe('Kabir');
    await again.getByLabel(/Comment/).fill('Sent from a phone without scripts: see https://example.com/menu');
    await again.getByRole('button', { name: 'Send comment' }).click();
    await page.waitForURL((url) => url.pathname === `/blogs/${post.slug}` && url.search === '?comment=received');
    await page.getByText('it awaits moderation').waitFor();

    const [waiting] = (await pending()).filter((comment) => comment.authorName === 'Kabir');
    const approved = await callApi(admin.page, 'PATCH', `/api/comments/${waiting!._id}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    await page.goto(`/blogs/${post.slug}`);
    await page.locator('#comments').getByRole('heading', { name: '1 comment' }).waitFor();
    const link = page.locator('#comments').getByRole('link', { name: 'https://example.com/menu' });
    expect(await link.getAttribute('rel')).toBe('ugc nofollow noopener');
    await context.close();
    // Axe runs through the page's scripts: the same page, shown with them, with its approved comment.
    const shown = await openPage(browser, phone);
    await shown.page.goto(`/blogs/${post.slug}`);
    await shown.page.locator('#comments').getByRole('heading', { name: '1 comment' }).waitFor();
    expect(await seriousViolations(shown.page)).toEqual([]);
    await shown.context.close();
  });
});
