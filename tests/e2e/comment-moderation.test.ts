import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeComments } from '../../server/test-support/stored-comments.ts';
import { createPost, signedIn, uniqueSlug, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { dataDir, phone, seriousViolations, tabTo } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A post with comments waiting whose texts hold `tag`, so that a search shows this test's comments alone. */
async function postWithComments(page: Page, tag: string) {
  const post = await createPost(page, {
    title: `Comments ${tag}`,
    slug: uniqueSlug('commented'),
    content: '<p>Tell us what you think.</p>',
    status: 'published',
  });
  await storeComments({ dataDir: dataDir() }, post._id, [
    {
      author_name: 'Ana Reader',
      author_email: `ana-${tag}@example.com`,
      text: `Great read ${tag}`,
      created_at: minutesAgo(1),
    },
    {
      author_name: 'Ben Buyer',
      author_email: `ben-${tag}@example.com`,
      text: `What would it cost ${tag}?`,
      created_at: minutesAgo(2),
    },
    {
      author_name: 'Cleo Client',
      author_email: `cleo-${tag}@example.com`,
      text: `Can you help us ${tag}?`,
      created_at: minutesAgo(3),
    },
    {
      author_name: 'Cheap Pills',
      status: 'spam',
      spam_reason: 'honeypot field filled in',
      text: `Buy ${tag}`,
      created_at: minutesAgo(4),
    },
  ]);
  return post;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

describe('the comment moderation queue, by keyboard alone', () => {
  it('approves, replies through a failure, undoes spam, makes an enquiry, bulk-trashes and restores', async () => {
    const { page, context, errors } = await signedIn(browser);
    const tag = uniqueSlug('queue');
    await postWithComments(page, tag);
    await page.reload();

    const entry = page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /^Comments \d+ comments? waiting$/ });
    await press(page, entry);
    await page.getByRole('heading', { level: 1, name: 'Comments' }).waitFor();
    await press(page, page.getByRole('searchbox', { name: /Words in names/ }), 'End');
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
    await page.getByText('3 comments match, newest first.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const comment = (name: string) => page.getByRole('article', { name });
    await press(page, comment('Ana Reader').getByRole('button', { name: 'Approve' }));
    await page.getByRole('status').getByText('The comment by Ana Reader was approved.').waitFor();
    await expect.poll(() => isFocused(comment('Ben Buyer'))).toBe(true);
    expect(await comment('Ana Reader').count()).toBe(0);

    // The reply cannot reach the server (the connection is refused, as when the network drops): its text stays.
    await press(page, comment('Ben Buyer').getByRole('button', { name: 'Reply' }));
    const reply = comment('Ben Buyer').getByRole('textbox', { name: /Your reply to Ben Buyer/ });
    expect(await isFocused(reply)).toBe(true);
    await page.keyboard.type('About a week of work; we will write to you.');
    const refuse = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/comments/*/replies', refuse);
    await press(page, comment('Ben Buyer').getByRole('button', { name: 'Send reply' }));
    await comment('Ben Buyer').getByText('Sending the reply failed. Could not reach the server.').waitFor();
    expect(await reply.inputValue()).toBe('About a week of work; we will write to you.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/api/comments/*/replies', refuse);
    await press(page, comment('Ben Buyer').getByRole('button', { name: 'Send reply' }));
    await page.getByText('Your reply to Ben Buyer is published, and the comment is approved.').waitFor();
    await expect.poll(() => isFocused(comment('Cleo Client'))).toBe(true);

    await press(page, comment('Cleo Client').getByRole('button', { name: 'Spam' }));
    await page.getByText('The comment by Cleo Client was marked as spam.').waitFor();
    await press(page, page.getByRole('button', { name: 'Undo' }));
    await page.getByText('Undone: the comment by Cleo Client is back in Pending.').waitFor();
    await expect.poll(() => isFocused(comment('Cleo Client'))).toBe(true);

    await press(page, comment('Cleo Client').getByRole('button', { name: 'Turn into an enquiry' }));
    await page.getByText('The comment by Cleo Client is now an enquiry.').waitFor();
    const leadLink = comment('Cleo Client').getByRole('link', { name: 'open the lead in the Inbox' });
    await expect.poll(() => isFocused(leadLink)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Cleo Client' }).waitFor();
    await page.getByText(`Can you help us ${tag}?`).waitFor();
    await page.goBack();

    await press(page, page.getByRole('checkbox', { name: 'Select all 1 shown' }), 'Space');
    await page.getByText('1 comment selected').waitFor();
    await press(page, page.getByRole('button', { name: 'Trash the selected comments' }));
    await page.getByText('1 comment was moved to the trash.').waitFor();
    await page.getByText('No comment matches this search.').waitFor();

    await press(
      page,
      page.getByRole('navigation', { name: 'Comments by status' }).getByRole('link', { name: /^Trash/ }),
    );
    await press(page, comment('Cleo Client').getByRole('button', { name: 'Restore' }));
    await page.getByText('The comment by Cleo Client was restored to Pending.').waitFor();

    await press(
      page,
      page.getByRole('navigation', { name: 'Comments by status' }).getByRole('link', { name: /^Approved/ }),
    );
    await comment('Ana Reader').waitFor();
    await comment('Ben Buyer').getByText('1 reply').waitFor();
    await press(
      page,
      page.getByRole('navigation', { name: 'Comments by status' }).getByRole('link', { name: /^Spam/ }),
    );
    await comment('Cheap Pills').getByText('Held as spam: honeypot field filled in').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect(unexpected(errors).filter((error) => !/ERR_CONNECTION_REFUSED|ERR_FAILED/.test(error))).toEqual([]);
    await context.close();
  });

  it('fits a phone: no sideways scrolling and no serious accessibility problem', async () => {
    const { page, context, errors } = await signedIn(browser, phone);
    const tag = uniqueSlug('phone');
    await postWithComments(page, tag);
    await page.goto(`/admin/comments?q=${tag}`);
    await page.getByText('3 comments match, newest first.').waitFor();
    await press(page, page.getByRole('article', { name: 'Ana Reader' }).getByRole('button', { name: 'Reply' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
