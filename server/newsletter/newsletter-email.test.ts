import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { createClientFixture } from '../test-support/client-fixture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { renderConfirmation } from './confirmation-email.ts';
import { renderNewsletter } from './newsletter-email.ts';
import type { NewsletterFacts } from './email-layout.ts';

const origin = 'http://127.0.0.1:3000';
const facts: NewsletterFacts = {
  brandName: 'Northbeam',
  legalName: 'Northbeam Digital Pvt Ltd',
  address: '1 Park Road, Gurugram',
  origin,
  logoPath: '/images/logo-light.svg',
};

const post = {
  _id: 'p1',
  slug: 'covers',
  title: 'Covers that travel',
  summary: 'Pictures every mail client shows.',
  coverImage: '/images/blog/cover-1.svg',
  html: [
    '<p>Before.</p>',
    '<p><img src="/images/journey-map.svg" alt="The journey, step by step" width="300"></p>',
    '<p><img src="https://elsewhere.example/chart.svg" alt="Another site’s chart"></p>',
    '<p><img src="/images/blog/missing.svg" alt="A picture that is gone"></p>',
    '<p><img src="/images/share.png" alt="A raster image"></p>',
  ].join(''),
} as unknown as BlogPost;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const pathOf = (url: string) => url.slice(origin.length);

describe('the images of a newsletter', () => {
  it('shows every SVG of the site as a PNG at twice its width, keeps the words of those it cannot draw', async () => {
    const { html } = await renderNewsletter(post, facts, `${origin}/newsletter/unsubscribe?token=x`);
    expect(html).not.toMatch(/src="[^"]*\.svg/);
    // The cover, shown across the column (536 px), and the logo on the band.
    const cover = /<img[^>]*src="([^"]+\/images\/blog\/cover-1\.png)"[^>]*>/.exec(html);
    expect(cover?.[0]).toMatch(/width="536"/);
    expect(cover?.[0]).toMatch(/height="282"/);
    expect(cover?.[0]).toMatch(/alt=""/);
    expect(html).toMatch(/src="[^"]+\/1072\/images\/blog\/cover-1\.png"/);
    // A body image at the width it asked for, with its alt text.
    expect(html).toMatch(
      /<img src="[^"]+\/600\/images\/journey-map\.png" alt="The journey, step by step" width="300" height="\d+"/,
    );
    // Another site's SVG and a file that is not there: their words, no picture.
    expect(html).toContain('<span>Another site’s chart</span>');
    expect(html).toContain('<span>A picture that is gone</span>');
    expect(html).toContain(`src="${origin}/images/share.png"`);

    const response = await testApp.app.inject({ method: 'GET', url: pathOf(cover![1]!) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1072, height: 563 });
  });

  it('answers an older hash with the current picture, kept for a day only', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/email-images/AAAAAAAAAAAAAAAA/200/images/blog/cover-2.png',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(200);
  });

  it('refuses what is no SVG of the site (404), a path out of its folder, and a width out of bounds (400)', async () => {
    const get = (url: string) => testApp.app.inject({ method: 'GET', url });
    const missing = await get('/email-images/AAAAAAAAAAAAAAAA/200/images/blog/missing.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: expect.stringContaining('/images/blog/missing.svg') });
    expect((await get('/email-images/AAAAAAAAAAAAAAAA/200/images/share.png')).statusCode).toBe(404);
    expect((await get('/email-images/AAAAAAAAAAAAAAAA/200/..%2F..%2Fpackage.png')).statusCode).toBe(404);
    const wide = await get('/email-images/AAAAAAAAAAAAAAAA/5000/images/blog/cover-1.png');
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ details: { path: string }[] }>().details[0]!.path).toContain('width');
    expect((await get('/email-images/short/200/images/blog/cover-1.png')).statusCode).toBe(400);
  });
});

describe('the confirmation e-mail', () => {
  it('is HTML with the brand and one button to the link, and text whose sentences are whole', async () => {
    const url = `${origin}/newsletter/confirm?token=abc.123.sig-_x`;
    const { html, text } = await renderConfirmation(facts, url);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toMatch(/src="[^"]+\/images\/logo-light\.png"/);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html.match(new RegExp(`href="${url.replace(/[.?]/g, '\\$&')}"`, 'g'))).toHaveLength(1);
    expect(html).toContain('Confirm my subscription');
    expect(html).toContain('Northbeam Digital Pvt Ltd, 1 Park Road, Gurugram');
    expect(text).toContain(url);
    expect(text).toContain('The button works once, for 48 hours.');
    expect(text).not.toContain('confirm.invalid');
    // Another link gets its own e-mail: the template keeps no subscriber's link.
    expect((await renderConfirmation(facts, `${origin}/newsletter/confirm?token=other`)).html).not.toContain('abc.123');
  });
});

describe("the newsletter's pages with a build from before notices", () => {
  it('answer with the bare page, not an error, as a build without renderNotice cannot frame them', async () => {
    const clientDir = createClientFixture();
    const app = await createTestApp({ clientDir });
    try {
      for (const method of ['GET', 'HEAD'] as const) {
        const page = await app.app.inject({ method, url: '/newsletter/unsubscribe?token=test' });
        expect(page.statusCode).toBe(200);
        if (method === 'GET') expect(page.body).toContain('<main><h1>This is a test link</h1>');
      }
    } finally {
      await app.close();
      rmSync(dirname(clientDir), { recursive: true, force: true });
    }
  });
});
