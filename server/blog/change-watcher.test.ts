import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createBlogContext } from './blog-context.ts';
import { watchBlogChanges, type WatcherLog } from './change-watcher.ts';

let testApp: TestApp;
afterEach(() => testApp.close());

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('watching the database for changes of posts', () => {
  it('keeps the cache while nothing changes, and clears it while the database does not answer, warning once', async () => {
    testApp = await createTestApp();
    const db = openDatabase(testApp.store);
    const blog = createBlogContext(db, () => new Date());
    const messages: string[] = [];
    const log: WatcherLog = {
      info: (text) => messages.push(text),
      warn: (_details, text) => messages.push(text),
    };
    const watcher = await watchBlogChanges(blog, log, 10);
    try {
      await pause(100);
      expect(blog.responses.generation).toBe(0);

      await db.destroy();
      await pause(100);
      expect(blog.responses.generation).toBeGreaterThan(2);
      expect(messages).toEqual(['Could not check the database for changes of posts']);
    } finally {
      await watcher.stop();
    }
  });
});
