import { readBlogVersion } from './blog-changes.ts';
import type { BlogContext } from './blog-context.ts';

/**
 * How often an instance asks the database whether posts changed. Every instance must serve another's write within
 * one second; one small indexed read four times a second costs next to nothing.
 */
export const changeCheckIntervalMs = 250;

/** What the watcher tells the operator; Fastify's logger is one. */
export interface WatcherLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export interface ChangeWatcher {
  /** Stops checking; resolves once a check under way has finished, so the database can then be closed. */
  stop(): Promise<void>;
}

/**
 * Empties the response cache (server/http/response-cache.ts) whenever the database's count of post writes moves:
 * writes through other instances sharing the database show up here within one interval.
 */
export async function watchBlogChanges(
  blog: BlogContext,
  log: WatcherLog,
  intervalMs = changeCheckIntervalMs,
): Promise<ChangeWatcher> {
  let knownVersion = await readBlogVersion(blog.db);
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let check = Promise.resolve();

  const checkForChanges = async () => {
    try {
      const version = await readBlogVersion(blog.db);
      if (failing) log.info('The database answers again: checking for changes of posts as before.');
      failing = false;
      if (version === knownVersion) return;
      knownVersion = version;
      blog.responses.forget();
    } catch (error) {
      // Without an answer, nothing cached can be vouched for: read posts from the database again.
      blog.responses.forget();
      if (!failing) log.warn({ err: error }, 'Could not check the database for changes of posts');
      failing = true;
    }
  };
  const scheduleCheck = () => {
    timer = setTimeout(() => {
      check = checkForChanges().finally(() => {
        if (!stopped) scheduleCheck();
      });
    }, intervalMs);
    // The checks alone must never keep a process alive.
    timer.unref();
  };
  scheduleCheck();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await check;
    },
  };
}
