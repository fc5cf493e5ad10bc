import { afterEach, describe, expect, it } from 'vitest';
import { imageProcessingLimits } from './image-queue.ts';
import { testImage, uploadRequest } from '../test-support/media.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

describe('a burst of image uploads', () => {
  it('is processed a few at a time: past the queue 503 with Retry-After, while /healthz answers', async () => {
    testApp = await createTestApp();
    const { app } = testApp;
    const cookie = await signIn(app);
    const { concurrency, waiting } = imageProcessingLimits;
    const burst = concurrency + waiting + 8;
    // Each image different, so that none is answered as a copy of another without being processed.
    const images = await Promise.all(
      Array.from({ length: burst + 1 }, (_, seed) => testImage(1600, 1200, 'png', seed)),
    );
    let unanswered = 0;
    const uploads = images.slice(0, burst).map((image, index) => {
      unanswered += 1;
      return app.inject(uploadRequest(cookie, image, `burst-${index}.png`)).finally(() => (unanswered -= 1));
    });
    const health = await app.inject({ url: '/healthz' });
    const uploadsStillProcessing = unanswered;
    const answers = await Promise.all(uploads);

    expect(health.statusCode).toBe(200);
    expect(uploadsStillProcessing).toBeGreaterThan(0);
    const stored = answers.filter((answer) => answer.statusCode === 201);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(stored.length).toBeGreaterThanOrEqual(concurrency + waiting);
    expect(busy.length).toBeGreaterThan(0);
    expect(stored.length + busy.length).toBe(burst);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/Too many images are being processed/);
    }
    // Once the burst is over, the queue takes uploads again.
    expect((await app.inject(uploadRequest(cookie, images[burst]!, 'after.png'))).statusCode).toBe(201);
  }, 120_000);
});
