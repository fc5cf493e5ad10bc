import type { FastifyBaseLogger } from 'fastify';

export interface PollingLoop {
  /** Drains now, or right after the drain in progress. */
  wake(): void;
  /** Stops polling and waits for the drain in progress. */
  stop(): Promise<void>;
}

/**
 * A worker's loop over its queue in the database: drains at once and then every `pollMs`, one drain at a time; a wake
 * during a drain drains again right after it; a failed drain is logged and tried again at the next poll. The drain
 * is told whether the loop was stopped, to leave off between items.
 */
export function startPollingLoop(
  drain: (stopped: () => boolean) => Promise<void>,
  { pollMs, log, name }: { pollMs: number; log: FastifyBaseLogger; name: string },
): PollingLoop {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain(() => stopped)
      .catch((error: unknown) => log.error({ err: error }, `The ${name} failed; it tries again shortly`))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, pollMs);
      });
  }

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
