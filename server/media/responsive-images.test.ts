import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaRecord } from '../../src/content/types.gen.ts';
import { openDatabase } from '../store/database.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { makeImagesResponsive } from './responsive-images.ts';

let testApp: TestApp;
let image: MediaRecord;

beforeEach(async () => {
  testApp = await createTestApp();
  image = await uploadImage(testApp.app, await signIn(testApp.app), await testImage(1000, 500, 'jpeg'), 'wide.jpg');
});
afterEach(() => testApp.close());

async function rewrite(html: string): Promise<string> {
  const db = openDatabase(testApp.store);
  try {
    return await makeImagesResponsive(db, html);
  } finally {
    await db.destroy();
  }
}

/** Waits for the background work to have made the AVIF copies. */
async function avifMade(): Promise<void> {
  const { app } = testApp;
  const cookie = await signIn(app);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const record = (await app.inject({ url: `/api/media/${image._id}`, headers: { cookie } })).json<MediaRecord>();
    if (record.variants.some((variant) => variant.format === 'avif')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no AVIF copies after 30 s');
}

describe('makeImagesResponsive', () => {
  it('turns an inline media image into a sized, lazy <picture> of its WebP copies while AVIF is not made', async () => {
    await avifMade();
    const db = openDatabase(testApp.store);
    await db.deleteFrom('media_files').where('format', '=', 'avif').execute();
    await db.destroy();
    const html = await rewrite(`<p>Before</p><img src="${image.url}" alt="A wide view"><p>After</p>`);
    expect(html).toBe(
      '<p>Before</p><picture>' +
        `<source type="image/webp" srcset="${image.variants[0]!.url} 320w, ${image.variants[1]!.url} 640w, ${image.variants[2]!.url} 960w" sizes="(min-width: 48rem) 46rem, 100vw">` +
        `<img src="${image.url}" alt="A wide view" width="1000" height="500" loading="lazy" decoding="async">` +
        '</picture><p>After</p>',
    );
  });

  it('offers AVIF first once it exists, and keeps the cover eager with its own size', async () => {
    await avifMade();
    const html = await rewrite(
      `<img class="cover" src="${image.url}" alt="" width="1200" height="630" decoding="async" fetchpriority="high">`,
    );
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcset="[^"]+ 320w, [^"]+ 640w, [^"]+ 960w" sizes="[^"]+"><source type="image\/webp"/,
    );
    expect(html).toContain(
      `<img class="cover" src="${image.url}" alt="" width="1200" height="630" decoding="async" fetchpriority="high"></picture>`,
    );
  });

  it('gives other images an empty alt when they have none, and leaves them otherwise alone', async () => {
    expect(await rewrite('<img src="https://example.com/a.png"><img src="/b.png" alt="B">')).toBe(
      '<img src="https://example.com/a.png" alt=""><img src="/b.png" alt="B">',
    );
  });

  it('leaves a page whose images all have an alt and none is from /media/ byte for byte as React wrote it', async () => {
    const page =
      '<head><meta property="og:image" content="https://site.example/og.png"/></head>' +
      '<body><img src="/logo.svg" alt="Brand home" width="120" height="32" fetchPriority="low"/>' +
      '<p>Fish &amp; chips</p><img src="https://example.com/a.png?w=1&amp;h=2" alt="A" /></body>';
    expect(await rewrite(page)).toBe(page);
  });

  it('points og:image and twitter:image at the 1200x630 social card', async () => {
    const html = await rewrite(
      `<meta property="og:image" content="https://site.example${image.url}"><meta name="twitter:image" content="https://site.example${image.url}">`,
    );
    expect(html).toBe(
      `<meta property="og:image" content="https://site.example${image.socialImage}"><meta name="twitter:image" content="https://site.example${image.socialImage}">`,
    );
  });
});
