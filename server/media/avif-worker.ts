import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { claimAvifWork, filesOfMedia, finishAvifWork, readOriginal } from './media-store.ts';
import type { Database } from '../store/schema.ts';
import { makeAvifVariants } from './image-processing.ts';
import { toFileRows } from './media-files.ts';

export interface AvifWorker {
  /** Looks for work now (after an upload). */
  nudge(): void;
  /** Resolves when nothing is being encoded; tests wait on it. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

// Long enough for the slowest encode on a busy machine; after it another instance may take the work over.
const claimMilliseconds = 5 * 60_000;
// Picks up work left by an instance that stopped midway.
const pollMilliseconds = 60_000;

/**
 * Makes the AVIF variants of uploaded images one at a time, from the pending state kept in the database: work
 * survives a restart and is shared by every instance.
 */
export function startAvifWorker(db: Kysely<Database>, clock: () => Date, log: FastifyBaseLogger): AvifWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function work(): Promise<void> {
    while (!stopped) {
      const now = clock();
      const media = await claimAvifWork(
        db,
        now.toISOString(),
        new Date(now.getTime() + claimMilliseconds).toISOString(),
      );
      if (media === undefined) return;
      const original = await readOriginal(db, media.id);
      const widths = (await filesOfMedia(db, [media.id]))
        .filter((file) => file.role === 'variant' && file.format === 'webp')
        .map((file) => file.width);
      const files = original === undefined ? [] : await makeAvifVariants(original, widths);
      if (stopped) return;
      await finishAvifWork(db, media.id, toFileRows(media.id, media.file_key, files));
    }
  }

  function nudge(): void {
    if (stopped) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    running = work()
      .catch((error: unknown) => log.error({ err: error }, 'making AVIF variants failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  const timer = setInterval(nudge, pollMilliseconds);
  timer.unref();
  nudge();

  return {
    nudge,
    async idle() {
      while (running !== undefined) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
