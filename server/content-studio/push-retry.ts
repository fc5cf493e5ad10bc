/**
 * A push that fails (the remote cannot be reached, or refuses the credentials) leaves the commit in the checkout,
 * where it is live on this server: it is audited once, said in the status, and pushed again with back-off, at each
 * save, and at start-up (docs/decisions/0030). Every push runs in the studio's queue, never beside a save.
 */
import type { Kysely } from 'kysely';
import type { ContentChange } from '../../src/content/types.gen.ts';
import { recordAudit } from '../audit/index.ts';
import type { Database } from '../store/schema.ts';
import { writeContentHead } from './content-heads.ts';
import { head } from './git.ts';
import type { ContentRemote, PushOutcome } from './remote.ts';

export interface PushRetryTiming {
  /** The wait before the first retry; each further wait doubles, up to maxMs. */
  firstMs: number;
  maxMs: number;
}

export const defaultPushRetry: PushRetryTiming = { firstMs: 5_000, maxMs: 5 * 60_000 };

/** Who caused a push, for the audit log: the member who saved, or nobody (a retry). */
export interface PushActor {
  email: string;
  address: string | null;
}

export interface PushState {
  /** Commits made here that the remote's branch lacks, newest first. */
  unpushed: ContentChange[];
  /** The last push's failure, redacted, while commits wait. */
  error?: { message: string; at: string };
}

export interface PusherOptions {
  root: string;
  db: Kysely<Database>;
  clock: () => Date;
  remote: ContentRemote;
  /** The studio's queue: a push never runs beside a save. */
  serially: <T>(work: () => Promise<T>) => Promise<T>;
  /** Called when a retry moved the checkout (a rebase onto the remote): the site is built again. */
  published?: () => void;
  log: { warn(message: string): void; info(message: string): void };
  timing?: PushRetryTiming;
}

export function createPusher(options: PusherOptions) {
  const { root, db, clock, remote, serially, published, log } = options;
  const timing = options.timing ?? defaultPushRetry;
  let failure: { message: string; at: Date } | undefined;
  let wait = timing.firstMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let retrying: Promise<unknown> = Promise.resolve();

  const audit = (commit: string, outcome: 'success' | 'failure', actor: PushActor | null) =>
    recordAudit(db, {
      at: clock(),
      actor: actor?.email ?? null,
      action: 'content-push',
      target: `${remote.branch}@${commit}`,
      address: actor?.address ?? null,
      outcome,
    });

  /** A retry that failed past its push (the database is down): said, and tried again. */
  const retryFailed = (error: unknown) => {
    log.warn(
      `The content studio's retry of a push failed: ${remote.redact((error as Error).message ?? String(error))}`,
    );
    schedule();
  };

  function schedule(): void {
    if (stopped || timer !== undefined) return;
    const seconds = Math.round(wait / 1000);
    log.info(`The content studio pushes to ${remote.branch} of ${remote.url} again in ${seconds} s.`);
    timer = setTimeout(() => {
      timer = undefined;
      retrying = serially(retry).catch(retryFailed);
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, timing.maxMs);
  }

  /**
   * Pushes HEAD (with every commit waiting before it); the caller holds the queue. The outcome, or undefined when
   * the push failed: then the failure is logged, audited when it starts an outage, and a retry is scheduled.
   */
  async function push(commit: string, actor: PushActor | null): Promise<PushOutcome | undefined> {
    try {
      const outcome = await remote.publish(commit);
      if (failure !== undefined) {
        log.info(`The content studio pushed to ${remote.branch} of ${remote.url} again.`);
        await audit(outcome.commit, 'success', actor).catch(() => undefined);
      }
      failure = undefined;
      wait = timing.firstMs;
      clearTimeout(timer);
      timer = undefined;
      return outcome;
    } catch (error) {
      const message = remote.redact(error instanceof Error ? error.message : String(error));
      log.warn(`Could not push content commit ${commit} to ${remote.branch} of ${remote.url}: ${message}`);
      // Once an outage: each retry's failure is logged, not audited.
      if (failure === undefined) await audit(commit, 'failure', actor).catch(() => undefined);
      failure = { message, at: clock() };
      schedule();
      return undefined;
    }
  }

  /** A push of what waits, by nobody: after a failure, and at start-up. */
  async function retry(): Promise<void> {
    if (stopped) return;
    const before = await head(root);
    const outcome = await push(before, null);
    if (outcome?.advanced) await writeContentHead(db, remote.branch, outcome.commit, clock());
    if ((await head(root)) !== before) published?.();
  }

  return {
    push,
    /** Pushes at start-up what an earlier run could not (or, never having seen the remote, whatever HEAD holds). */
    start(): void {
      retrying = serially(async () => {
        const waiting = await remote.unpushed();
        if (waiting === undefined || waiting.length > 0) await retry();
      }).catch(retryFailed);
    },
    async state(): Promise<PushState> {
      const unpushed = (await remote.unpushed()) ?? [];
      return failure ? { unpushed, error: { message: failure.message, at: failure.at.toISOString() } } : { unpushed };
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await retrying.catch(() => undefined);
    },
  };
}
