import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/content/types.gen.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let app: FastifyInstance;
let cookie: string;

beforeEach(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  cookie = await signIn(app);
});
afterEach(() => testApp.close());

async function activity(): Promise<Pick<AuditEntry, 'action' | 'target' | 'targetName'>[]> {
  const response = await app.inject(asAdmin(cookie, { url: '/api/audit' }));
  return response
    .json<AuditEntry[]>()
    .filter((entry) => entry.action !== 'sign-in')
    .map(({ action, target, targetName }) => ({ action, target, targetName }));
}

describe('what the activity log acted on', () => {
  it('names posts by their title and images by their file name as they are now, and the deleted by null', async () => {
    const kept = await createPost(app, cookie, { title: 'Kept post' });
    testApp.clock.advance(1000);
    const gone = await createPost(app, cookie, { title: 'Gone post' });
    testApp.clock.advance(1000);
    await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/blogs/${gone._id}` }));
    testApp.clock.advance(1000);
    const image = await uploadImage(app, cookie, await testImage(40, 30), 'harbour.png');
    testApp.clock.advance(1000);
    const removed = await uploadImage(app, cookie, await testImage(40, 30, 'png', 1), 'removed.png');
    testApp.clock.advance(1000);
    expect((await app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/media/${removed._id}` }))).statusCode).toBe(
      204,
    );

    expect(await activity()).toEqual([
      { action: 'media-delete', target: removed._id, targetName: null },
      { action: 'media-upload', target: removed._id, targetName: null },
      { action: 'media-upload', target: image._id, targetName: 'harbour.png' },
      { action: 'post-delete', target: gone._id, targetName: null },
      { action: 'post-create', target: gone._id, targetName: null },
      { action: 'post-create', target: kept._id, targetName: 'Kept post' },
    ]);
  });
});
