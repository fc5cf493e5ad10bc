import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { dayOf, daySalt, pruneStats, storeViews } from './stats-store.ts';
import type { KeyLimits } from './key-caps.ts';
import type { ViewEvent } from './rollup.ts';
import type { SitePaths } from './site-paths.ts';

/** A page view as the collect route hands it over, before the visitor's hash replaces the address. */
export interface PageView extends Omit<ViewEvent, 'at' | 'day' | 'visitor'> {
  address: string;
  userAgent: string;
}

export interface StatsCollector {
  /** Buffers the view (its address is hashed at once, then dropped); written at the next flush. */
  record(view: PageView): Promise<void>;
  /** Writes what is buffered. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is buffered: on graceful shutdown. */
  stop(): Promise<void>;
}

export interface CollectorOptions {
  db: Kysely<Database>;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tells the site's pages from other paths, which are counted as `(other)`. */
  paths: SitePaths;
  /** How many keys each breakdown may hold a day and a month. */
  keyLimits?: KeyLimits;
  /** How often the buffer is written: a crash loses at most this much of page views. */
  flushMs?: number;
}

// Views kept for another try while the database cannot take them, at most.
const maxBuffered = 100_000;
const pruneEveryMs = 10 * 60 * 1000;

/** sha256(the day's salt + address + User-Agent), shortened to 128 bits: enough to tell a day's visitors apart. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/**
 * Page views buffered in memory and written every second in one transaction (with their rollups), so that a busy
 * site costs one write a second, not one a view.
 */
export function startStatsCollector({
  db,
  clock,
  log,
  paths,
  keyLimits,
  flushMs = 1000,
}: CollectorOptions): StatsCollector {
  let buffer: ViewEvent[] = [];
  let salt: { day: string; value: Promise<string> } | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  function saltOf(day: string, now: Date): Promise<string> {
    if (salt?.day !== day) {
      const value = daySalt(db, day, now);
      salt = { day, value };
      // A failure is not kept: the next view asks the database again.
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
    }
    return salt.value;
  }

  async function writeBuffer(): Promise<void> {
    const now = clock();
    if (now.getTime() - lastPrune >= pruneEveryMs) {
      lastPrune = now.getTime();
      await pruneStats(db, now);
    }
    if (buffer.length === 0) return;
    let batch = buffer;
    buffer = [];
    try {
      const keys = await paths.resolve(
        batch.map((view) => view.path),
        now,
      );
      batch = batch.map((view) => ({ ...view, path: keys.get(view.path)! }));
      await storeViews(db, batch, keyLimits);
    } catch (error) {
      buffer = [...batch, ...buffer].slice(-maxBuffered);
      throw error;
    }
  }

  function flush(): Promise<void> {
    running = running.then(writeBuffer).catch((error: unknown) => {
      log.error({ err: error }, 'Page views could not be stored; they are kept for the next try.');
    });
    return running;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    async record({ address, userAgent, ...view }) {
      const now = clock();
      const day = dayOf(now);
      let salt: string;
      try {
        salt = await saltOf(day, now);
      } catch (error) {
        // A view is not worth an error page: without the day's salt it is not counted.
        log.error({ err: error }, 'The day’s salt could not be read: a page view was not counted.');
        return;
      }
      if (buffer.length >= maxBuffered) return;
      buffer.push({ ...view, at: now.toISOString(), day, visitor: visitorHash(salt, address, userAgent) });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
