/**
 * Other instances' saves: every instance watches the commit recorded in content_heads (written in each save's
 * transaction), and when it moves, pulls it from the remote within one interval.
 */
import type { Kysely } from 'kysely';
import { readContentHead } from './content-heads.ts';
import type { Database } from '../store/schema.ts';
import { head, isCheckout } from './git.ts';
import type { ContentRemote } from './remote.ts';

export const contentCheckIntervalMs = 1000;

export interface ContentWatcherOptions {
  root: string;
  db: Kysely<Database>;
  remote?: ContentRemote;
  log: { warn(details: { err: unknown }, message: string): void };
  intervalMs?: number;
  /** Called when a pull moved the checkout. */
  pulled?: () => void;
}

export async function watchContentHeads(options: ContentWatcherOptions): Promise<{ stop(): Promise<void> }> {
  const { root, db, remote, log } = options;
  if (!remote || !(await isCheckout(root))) return { stop: async () => {} };
  const { branch } = remote;
  let known = await readContentHead(db, branch);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let check = Promise.resolve();

  const checkOnce = async () => {
    try {
      const recorded = await readContentHead(db, branch);
      if (recorded === undefined || recorded === known) return;
      known = recorded;
      if (recorded !== (await head(root)) && (await remote.pull())) options.pulled?.();
    } catch (error) {
      log.warn({ err: error }, 'Could not bring in the content saved through another server');
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      check = checkOnce().finally(() => {
        if (!stopped) schedule();
      });
    }, options.intervalMs ?? contentCheckIntervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await check;
    },
  };
}
