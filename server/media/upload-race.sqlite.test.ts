import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, sqliteFileName } from '../store/database.ts';
import { testImage } from '../test-support/media.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { AvifWorker } from './avif-worker.ts';
import { createImageQueue } from './image-queue.ts';
import { filesOfMedia } from './media-store.ts';
import { uploadMedia } from './media-service.ts';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

/**
 * A worker as fast as any could ever be: woken, it has stored an AVIF variant of every pending image before `nudge`
 * returns. It writes through a second connection of its own, synchronously, which only SQLite allows; the upload's
 * code is the same on PostgreSQL, where a fast worker made this race happen now and then.
 */
function instantAvifWorker(sqlite: SQLite.Database): AvifWorker & { woken: number } {
  const worker = {
    woken: 0,
    nudge() {
      worker.woken += 1;
      const pending = sqlite
        .prepare(`select id, file_key, width, height from media where avif_state = 'pending'`)
        .all() as { id: string; file_key: string; width: number; height: number }[];
      for (const media of pending) {
        sqlite
          .prepare(
            `insert into media_files (name, media_id, role, format, mime_type, width, height, size, data)
             values (?, ?, 'variant', 'avif', 'image/avif', ?, ?, 1, ?)`,
          )
          .run(`${media.file_key}-${media.width}.avif`, media.id, media.width, media.height, Buffer.from([0]));
        sqlite.prepare(`update media set avif_state = 'done' where id = ?`).run(media.id);
      }
    },
    idle: async () => {},
    stop: async () => {},
  };
  return worker;
}

it('answers an upload with the image as stored, even when the AVIF worker has finished before it could be read', async () => {
  testApp = await createTestApp({ databaseUrl: undefined });
  const db = openDatabase(testApp.store);
  const sqlite = new SQLite(join(testApp.dataDir, sqliteFileName));
  try {
    const avif = instantAvifWorker(sqlite);
    const { record, created } = await uploadMedia(
      { db, clock: testApp.clock.now, avif, images: createImageQueue() },
      {
        data: await testImage(200, 150, 'png'),
        fileName: 'small.png',
        alt: 'A small image',
        uploadedBy: 'Test',
        uploadedById: null,
      },
    );
    expect(created).toBe(true);
    expect(avif.woken).toBe(1);
    // The answer is the image as its upload stored it: the same whether the worker is slow or instant.
    expect(record.variants.map((variant) => [variant.width, variant.format])).toEqual([[200, 'webp']]);
    // The worker did write its variant, so the answer above was read before it was woken, not by luck.
    const files = await filesOfMedia(db, [record._id]);
    expect(files.filter((file) => file.format === 'avif').map((file) => file.width)).toEqual([200]);
  } finally {
    sqlite.close();
    await db.destroy();
  }
});
