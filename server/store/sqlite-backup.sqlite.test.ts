import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testImage, uploadImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { runScript } from '../test-support/run-script.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';
import { sqliteFileName } from './database.ts';

let testApp: TestApp;
afterEach(() => testApp.close());

const backUp = (dataDir: string, file: string) => runScript('db-backup.ts', [file], { DATA_DIR: dataDir });

describe('npm run db:backup', () => {
  it('copies the database while the server keeps writing, and the copy restores every post made before', async () => {
    testApp = await createTestApp({ databaseUrl: undefined });
    const cookie = await signIn(testApp.app);
    const before = await Promise.all(Array.from({ length: 20 }, () => createPost(testApp.app, cookie)));
    const image = await uploadImage(testApp.app, cookie, await testImage(640, 480, 'png'), 'kept.png');

    let writing = true;
    const writer = (async () => {
      let written = 0;
      while (writing) {
        await createPost(testApp.app, cookie);
        written += 1;
      }
      return written;
    })();
    const backupFile = join(testApp.dataDir, 'backup.sqlite');
    const backup = await backUp(testApp.dataDir, backupFile);
    writing = false;
    expect(await writer).toBeGreaterThan(0);
    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(/passed its integrity check/);

    const copy = new SQLite(backupFile, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const slugs = new Set(copy.prepare('SELECT slug FROM posts').pluck().all() as string[]);
      expect(before.filter((post) => !slugs.has(post.slug))).toEqual([]);
    } finally {
      copy.close();
    }

    // Restoring: the copy in place of the database file of a data folder, and a server started on it.
    const restoredDir = join(testApp.dataDir, 'restored');
    mkdirSync(restoredDir);
    copyFileSync(backupFile, join(restoredDir, sqliteFileName));
    const restored = await testApp.addInstance({ dataDir: restoredDir });
    const read = await restored.inject(asAdmin(cookie, { url: `/api/blogs/${before[0]!._id}` }));
    expect(read.json()).toEqual(before[0]);
    // Images live in the database, so the copy carries them.
    for (const url of [image.url, image.socialImage, ...image.variants.map((variant) => variant.url)]) {
      const [original, restoredFile] = [await testApp.app.inject({ url }), await restored.inject({ url })];
      expect(restoredFile.statusCode).toBe(200);
      expect(restoredFile.rawPayload.equals(original.rawPayload)).toBe(true);
    }
  });

  it('refuses to overwrite an existing file', async () => {
    testApp = await createTestApp({ databaseUrl: undefined });
    const existing = join(testApp.dataDir, 'precious.sqlite');
    writeFileSync(existing, 'not to be lost');
    const backup = await backUp(testApp.dataDir, existing);
    expect(backup.code).toBe(1);
    expect(backup.output).toMatch(/already exists/);
    expect(readFileSync(existing, 'utf8')).toBe('not to be lost');
  });
});
