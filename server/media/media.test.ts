import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, MediaRecord } from '../../src/content/types.gen.ts';
import { multipartBody, testImage, uploadImage, uploadRequest } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

const listMedia = async (query = '') => app.inject(asAdmin(cookie, { url: `/api/media${query}` }));

async function expectNothingStored(): Promise<void> {
  const list = await listMedia();
  expect(list.json()).toEqual([]);
  expect(list.headers['x-total-count']).toBe('0');
}

async function untilAvif(id: string, app_ = app): Promise<MediaRecord> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const record = (await app_.inject(asAdmin(cookie, { url: `/api/media/${id}` }))).json<MediaRecord>();
    if (record.variants.some((variant) => variant.format === 'avif')) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no AVIF variants after 30 s');
}

describe('POST /api/media', () => {
  it('stores an image recognised by its bytes, with WebP variants no wider than it and a social card', async () => {
    const png = await testImage(1000, 600, 'png');
    const response = await app.inject(uploadRequest(cookie, png, 'harbour.jpg', 'The harbour at dawn'));
    expect(response.statusCode).toBe(201);
    const record = response.json<MediaRecord>();
    expect(response.headers.location).toBe(`/api/media/${record._id}`);
    expect(record).toMatchObject({
      fileName: 'harbour.jpg',
      mimeType: 'image/png',
      width: 1000,
      height: 600,
      alt: 'The harbour at dawn',
      createdBy: 'Northbeam Team',
      createdAt: '2025-12-01T12:00:00.000Z',
    });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record.url).toMatch(/^\/media\/[0-9a-f]{20}\.png$/);
    const webp = record.variants.filter((variant) => variant.format === 'webp');
    expect(webp.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 192],
      [640, 384],
      [960, 576],
    ]);

    for (const variant of webp) {
      const file = await app.inject({ url: variant.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: variant.width });
    }
    const original = await app.inject({ url: record.url });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.length).toBe(record.bytes);
    const social = await app.inject({ url: record.socialImage });
    expect(social.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(social.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('keeps the original at most 2560 px wide and makes every variant width up to 1920', async () => {
    const record = await uploadImage(app, cookie, await testImage(3000, 1000, 'jpeg'), 'wide.jpg');
    expect([record.width, record.height, record.mimeType]).toEqual([2560, 853, 'image/jpeg']);
    expect(record.variants.filter((v) => v.format === 'webp').map((v) => v.width)).toEqual([320, 640, 960, 1280, 1920]);
  });

  it('makes one variant at the image’s own width when it is narrower than 320 px', async () => {
    const record = await uploadImage(app, cookie, await testImage(200, 100, 'gif'), 'tiny.gif');
    expect(record.mimeType).toBe('image/gif');
    expect(record.variants.map((v) => [v.width, v.format])).toEqual([[200, 'webp']]);
  });

  it.each(['jpeg', 'webp', 'avif'] as const)('accepts %s whatever the file is called', async (format) => {
    const record = await uploadImage(app, cookie, await testImage(400, 300, format), 'no-extension');
    expect(record.mimeType).toBe(`image/${format}`);
  });

  it('gives the same record for the same bytes (200), and stores them once', async () => {
    const png = await testImage(500, 400, 'png');
    const first = await uploadImage(app, cookie, png, 'one.png');
    const again = await app.inject(uploadRequest(cookie, png, 'two.png'));
    expect(again.statusCode).toBe(200);
    expect(again.json<MediaRecord>()._id).toBe(first._id);
    expect((await listMedia()).headers['x-total-count']).toBe('1');
  });

  it('makes AVIF variants after answering, and serves them as image/avif', async () => {
    const record = await uploadImage(app, cookie, await testImage(700, 400, 'png'), 'later.png');
    const done = await untilAvif(record._id);
    const avif = done.variants.filter((variant) => variant.format === 'avif');
    expect(avif.map((variant) => variant.width)).toEqual([320, 640]);
    const file = await app.inject({ url: avif[1]!.url });
    expect(file.headers['content-type']).toBe('image/avif');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
  });

  it('resumes pending AVIF work after a restart', async () => {
    const record = await uploadImage(app, cookie, await testImage(400, 300, 'png'), 'resumed.png');
    await untilAvif(record._id);
    // As if the server had stopped before making them: AVIF files gone, the work pending again.
    const { openDatabase } = await import('../store/database.ts');
    const db = openDatabase(testApp.store);
    await db.deleteFrom('media_files').where('format', '=', 'avif').execute();
    await db.updateTable('media').set({ avif_state: 'pending', avif_claimed_until: null }).execute();
    await db.destroy();
    const restarted = await testApp.restart();
    cookie = await signIn(restarted);
    const done = await untilAvif(record._id, restarted);
    expect(done.variants.filter((variant) => variant.format === 'avif').map((variant) => variant.width)).toEqual([320]);
  });
});

describe('refused uploads', () => {
  it('401 without a session, for uploads and reads', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', value: await testImage(10, 10), fileName: 'a.png' }]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, ...sameOrigin },
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json<ApiError>().message).toBe('Sign in to do this.');
    const read = await app.inject({ url: '/api/media' });
    expect(read.statusCode).toBe(401);
    expect(read.json<ApiError>().message).toBe('Sign in to do this.');
  });

  it('403 for a cross-site upload', async () => {
    const request = uploadRequest(cookie, await testImage(10, 10));
    const response = await app.inject({ ...request, headers: { ...request.headers, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    await expectNothingStored();
  });

  it('413 for a file over 15 MB, storing nothing', async () => {
    const huge = Buffer.alloc(15 * 1024 * 1024 + 1, 0xff);
    const response = await app.inject(uploadRequest(cookie, huge, 'huge.jpg'));
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(response.json<ApiError>().message).toMatch(/larger than 15 MB/);
    await expectNothingStored();
  });

  it('415 for a file that is not an image, whatever its name', async () => {
    const response = await app.inject(uploadRequest(cookie, Buffer.from('hello, not a picture'), 'photo.png'));
    expect(response.statusCode).toBe(415);
    expect(response.json<ApiError>().message).toBe(
      'This file is not an image we accept: upload a JPEG, PNG, WebP, AVIF or GIF file.',
    );
    await expectNothingStored();
  });

  it('415 for SVG, saying why', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const response = await app.inject(uploadRequest(cookie, Buffer.from(svg), 'logo.png'));
    expect(response.statusCode).toBe(415);
    expect(response.json<ApiError>().message).toMatch(/^SVG images are not accepted, because they can carry scripts/);
    await expectNothingStored();
  });

  it('415 for a request that is not multipart', async () => {
    const response = await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/media', payload: { file: 'x' } }));
    expect(response.statusCode).toBe(415);
    expect(response.json<ApiError>().message).toMatch(/multipart\/form-data/);
  });

  it('422 for an image over 40 megapixels, refused from its header', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await app.inject(uploadRequest(cookie, bomb, 'bomb.png'));
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiError>().message).toMatch(/more than the 40 megapixels we accept/);
    await expectNothingStored();
  });

  it('422 for a damaged image', async () => {
    const jpeg = await testImage(600, 400, 'jpeg');
    const response = await app.inject(uploadRequest(cookie, jpeg.subarray(0, jpeg.length / 2), 'cut.jpg'));
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiError>().message).toMatch(/could not be decoded/);
    await expectNothingStored();
  });

  it('400 for an upload without a file', async () => {
    const { payload, headers } = multipartBody([{ name: 'alt', value: 'nothing' }]);
    const response = await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/media', payload, headers }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/no file/);
  });

  it('400 for a form that breaks off before its first boundary, storing nothing', async () => {
    // Found by the contract fuzzer: busboy's "Unexpected end of form" was a 500.
    const response = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/media',
        payload: '0',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/could not be read/);
    await expectNothingStored();
  });
});

describe('GET, PATCH and DELETE /api/media/{id}', () => {
  it('lists newest first, searches by name and alt, and edits the alt text', async () => {
    const first = await uploadImage(app, cookie, await testImage(100, 100, 'png', 1), 'lighthouse.png');
    testApp.clock.advance(1000);
    const second = await uploadImage(app, cookie, await testImage(100, 100, 'png', 2), 'team.png', 'Our team');
    expect((await listMedia()).json<MediaRecord[]>().map((record) => record._id)).toEqual([second._id, first._id]);
    expect((await listMedia('?q=LIGHT')).json<MediaRecord[]>().map((record) => record._id)).toEqual([first._id]);
    expect((await listMedia('?q=team')).headers['x-total-count']).toBe('1');

    const patched = await app.inject(
      asAdmin(cookie, { method: 'PATCH', url: `/api/media/${first._id}`, payload: { alt: ' A lighthouse ' } }),
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json<MediaRecord>()).toMatchObject({ alt: 'A lighthouse', usedBy: [] });
    const bad = await app.inject(
      asAdmin(cookie, { method: 'PATCH', url: `/api/media/${first._id}`, payload: { alt: 3, caption: 'x' } }),
    );
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject(asAdmin(cookie, { url: '/api/media/no-such-id' }));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete an image while a post uses it (409 naming the post), then deletes it', async () => {
    const record = await uploadImage(app, cookie, await testImage(700, 400, 'png'), 'cover.png');
    const post = await createPost(app, cookie, {
      title: 'Harbour notes',
      content: `<p>Look:</p><img src="${record.variants[0]!.url}" alt="x">`,
    });
    const read = await app.inject(asAdmin(cookie, { url: `/api/media/${record._id}` }));
    expect(read.json<MediaRecord>().usedBy).toEqual([{ _id: post._id, title: 'Harbour notes' }]);

    const refused = await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/media/${record._id}` }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe(
      'This image is used by 1 post (“Harbour notes”): remove it from that post first.',
    );
    expect(refused.json<ApiError>().details).toEqual([{ path: '/usedBy/0', message: `Harbour notes (${post._id})` }]);

    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${post._id}` }));
    const deleted = await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/media/${record._id}` }));
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ url: record.url })).statusCode).toBe(404);
    await expectNothingStored();
  });
});

describe('GET /media/{file}', () => {
  it('answers 404 for an unknown file and 400 for a name that cannot be one', async () => {
    expect((await app.inject({ url: '/media/0123456789abcdef0123-640.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/..%2Fsecrets.webp' })).statusCode).toBe(400);
  });
});
