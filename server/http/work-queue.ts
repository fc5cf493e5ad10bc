import { HttpError } from './errors.ts';

export interface WorkQueueLimits {
  /** Tasks that run at once. */
  concurrency: number;
  /** Tasks that may wait for a turn; one more is refused. */
  waiting: number;
  /** What a refused request is told to wait before it tries again. */
  retryAfterSeconds: number;
  /** Says, in words, what is busy: "Too many sign-ins are being checked right now." */
  busyMessage: string;
}

/**
 * Runs expensive work (password hashing, image processing) a few tasks at a time, so that a burst of it cannot take
 * every thread, all the memory or the event loop from cheap requests. Past the waiting room it refuses at once with
 * 503 and Retry-After, instead of letting the burst queue up without end.
 */
export class WorkQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly limits: WorkQueueLimits) {}

  /** Tasks running or waiting now. */
  get load(): number {
    return this.#running + this.#waiting.length;
  }

  /** Refuses (503) now when a task would be refused: before reading a large body that could not be processed. */
  refuseWhenFull(): void {
    if (this.#running >= this.limits.concurrency && this.#waiting.length >= this.limits.waiting) throw this.busy();
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limits.concurrency) {
      if (this.#waiting.length >= this.limits.waiting) throw this.busy();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The turn passes straight to the next task, so the count of running tasks stays as it is.
      if (next) next();
      else this.#running -= 1;
    }
  }

  private busy(): HttpError {
    return new HttpError(503, this.limits.busyMessage, [], {
      'retry-after': String(this.limits.retryAfterSeconds),
    });
  }
}
