import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createPost, signedIn, uniqueSlug } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const searchPreview = (page: Page) => page.getByTestId('search-preview');
const socialPreview = (page: Page) => page.getByTestId('social-preview');

/** The text that describes a field to assistive technology: its hint (with the counter) and any error. */
async function hintOf(page: Page, label: string): Promise<string> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  const hints = await Promise.all((id ?? '').split(' ').map((part) => page.locator(`[id="${part}"]`).textContent()));
  return hints.join(' ');
}

describe('search and sharing fields in the editor', () => {
  it('updates the search-result and social-card previews and their counters as the fields are typed', async () => {
    const { page, close } = await signedIn(browser);
    await page.goto('/admin/blog/new');
    const slug = uniqueSlug('tides');
    await page.getByLabel('Title').fill('Tides explained');
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Summary').fill('Why the sea comes and goes twice a day.');

    // Empty fields fall back to the title and the summary, as the post's page head does.
    await expect.poll(() => searchPreview(page).textContent()).toContain('Tides explained | ');
    expect(await searchPreview(page).textContent()).toContain('Why the sea comes and goes twice a day.');
    expect(await searchPreview(page).textContent()).toContain(`/blogs/${slug}`);
    expect(await socialPreview(page).textContent()).toContain('No image: the site');
    expect(await hintOf(page, 'Search headline')).toContain('0/70 characters');

    await page.getByLabel('Search headline', { exact: true }).fill('Tides, in five minutes');
    await page.getByLabel('Search description', { exact: true }).fill('The moon, the sun and a lot of water.');
    await expect.poll(() => searchPreview(page).textContent()).toContain('Tides, in five minutes');
    for (const preview of [searchPreview(page), socialPreview(page)]) {
      const shown = await preview.textContent();
      expect(shown).toContain('Tides, in five minutes');
      expect(shown).toContain('The moon, the sun and a lot of water.');
      expect(shown).not.toContain('Tides explained | ');
      expect(shown).not.toContain('twice a day');
    }
    expect(await hintOf(page, 'Search headline')).toContain('22/70 characters');
    expect(await hintOf(page, 'Search description')).toContain('37/160 characters');

    await page.getByLabel('Sharing image URL', { exact: true }).fill('/media/tides-card.jpg');
    await expect.poll(() => socialPreview(page).getByRole('img').getAttribute('src')).toBe('/media/tides-card.jpg');
    await page.getByLabel('Canonical URL', { exact: true }).fill('https://tides.example.org/explained');
    await expect.poll(() => searchPreview(page).textContent()).toContain('https://tides.example.org/explained');
    expect(await socialPreview(page).textContent()).toContain('tides.example.org');

    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(phone);
    await page.getByTestId('social-preview').scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('refuses over-long values with the field named, in the form and from the API', async () => {
    const { page, close } = await signedIn(browser);
    await page.goto('/admin/blog/new');
    await page.getByLabel('Title').fill('Too much to say');
    await page.getByLabel('Slug').fill(uniqueSlug('too-much'));
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('A body.');
    await page.getByLabel('Search headline', { exact: true }).fill('h'.repeat(71));
    await page.getByLabel('Search description', { exact: true }).fill('d'.repeat(161));
    expect(await hintOf(page, 'Search headline')).toContain('71/70 characters');
    expect(await hintOf(page, 'Search description')).toContain('161/160 characters');

    await page.getByRole('button', { name: 'Save post' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct these 2 before saving' });
    await summary.waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Search headline: Use at most 70 characters.',
      'Search description: Use at most 160 characters.',
    ]);
    expect(await page.getByLabel('Search headline', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new');
    expect(await page.getByLabel('Search headline', { exact: true }).inputValue()).toBe('h'.repeat(71));

    // Shortened to the limit, the form clears the error as it is typed.
    await page.getByLabel('Search headline', { exact: true }).fill('h'.repeat(70));
    await expect
      .poll(() => page.getByLabel('Search headline', { exact: true }).getAttribute('aria-invalid'))
      .not.toBe('true');

    // The API applies the same schema: a 400 naming the field, for a new post and for a change.
    const input = { title: 'Too much to say', slug: uniqueSlug('too-much-api'), content: '<p>A body.</p>' };
    for (const [field, value] of [
      ['metaTitle', 'h'.repeat(71)],
      ['metaDescription', 'd'.repeat(161)],
    ] as const) {
      const refused = await callApi<{ statusCode: number; message: string; details: { path: string }[] }>(
        page,
        'POST',
        '/api/blogs',
        { ...input, [field]: value },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.statusCode).toBe(400);
      expect(refused.body.details.map((detail) => detail.path)).toEqual([`/${field}`]);
      expect(refused.body.message).toContain(field);
    }
    const post = await createPost(page, input);
    const refused = await callApi<{ details: { path: string }[] }>(page, 'PUT', `/api/blogs/${post._id}`, {
      ...input,
      metaTitle: 'h'.repeat(71),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((detail) => detail.path)).toEqual(['/metaTitle']);
    await close();
  });
});
