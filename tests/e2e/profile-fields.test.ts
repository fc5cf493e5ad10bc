import type { Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, MediaRecord } from '../../src/content/types.gen.ts';
import { callApi, signedIn, unexpected } from './admin-session.ts';
import { launchBrowser } from './browser.ts';
import { desktop, phone, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const bio = 'Writes about harbours, lighthouses and the people who keep them running through the winter.';

describe('one’s own profile in the admin', () => {
  it.each([phone, desktop])(
    'takes a bio and an avatar from the media library, and keeps them when the server refuses (%o)',
    async (viewport) => {
      const { page, close, errors } = await signedIn(browser, viewport);
      try {
        await page.goto('/admin/security');
        const form = page.getByRole('form', { name: 'Your profile' });
        await form.getByLabel('Short bio').fill(bio);
        await form.getByText(`${bio.length} of 500`).waitFor();

        const avatar = form.getByRole('group', { name: 'Avatar' });
        await avatar.getByRole('button', { name: 'Choose from the media library' }).click();
        const picker = page.getByRole('dialog', { name: 'Choose your avatar' });
        const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d97a25' } })
          .png()
          .toBuffer();
        const fileName = `avatar-${viewport.width}.png`;
        await picker
          .getByLabel('Upload an image')
          .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png });
        await picker.getByText(`Uploaded ${fileName}.`).waitFor({ timeout: 30_000 });
        await picker.getByRole('button', { name: 'Use this image' }).click();
        const name = await form.getByLabel('Name, as shown on your posts').inputValue();
        await avatar.getByRole('img', { name }).waitFor();
        expect(
          await avatar
            .getByRole('button', { name: 'Choose another image' })
            .evaluate((b) => b === document.activeElement),
        ).toBe(true);

        // The image leaves the library before the profile is saved: the server refuses, and nothing typed is lost.
        const media = await callApi<MediaRecord[]>(page, 'GET', `/api/media?q=${encodeURIComponent(fileName)}`);
        const uploaded = media.body.find((record) => record.fileName === fileName)!;
        expect((await callApi(page, 'DELETE', `/api/media/${uploaded._id}`)).status).toBe(204);
        await form.getByRole('button', { name: 'Save profile' }).click();
        await form.getByText('The avatar is not an image of the media library.').waitFor();
        expect(await form.getByLabel('Short bio').inputValue()).toBe(bio);
        expect(await seriousViolations(page)).toEqual([]);
        mkdirSync('test-results/screenshots', { recursive: true });
        await form.screenshot({ path: `test-results/screenshots/profile-error-${viewport.width}.png` });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // Removed from the keyboard, then saved: the bio is kept and the avatar cleared.
        await avatar.getByRole('button', { name: 'Remove' }).focus();
        await page.keyboard.press('Enter');
        await form.getByRole('button', { name: 'Save profile' }).click();
        await form.getByText('Your profile is saved: your posts and your author page show it.').waitFor();
        const me = await callApi<AdminUser>(page, 'GET', '/api/auth/me');
        expect(me.body).toMatchObject({ bio, avatar: null });
        await form.screenshot({ path: `test-results/screenshots/profile-saved-${viewport.width}.png` });
        expect(unexpected(errors)).toEqual([]);
        // Other tests expect the owner as they found them.
        expect((await callApi(page, 'PATCH', `/api/users/${me.body._id}`, { bio: null })).status).toBe(200);
      } finally {
        await close();
      }
    },
    120_000,
  );
});
