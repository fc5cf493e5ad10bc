import type { Answer } from './answer.ts';
import { ByteBudgetCache, responseBytes, type ByteBudget } from './byte-budget-cache.ts';
import { prepareResponse, type PreparedResponse } from './prepared-response.ts';

export interface ResponseCacheOptions {
  /** The time, in ms since the epoch; tests move it forward. */
  now: () => number;
  /** When the first post scheduled after `after` comes out (ms since the epoch), or Infinity if none is. */
  nextPublication: (after: number) => Promise<number>;
  budget?: ByteBudget;
}

interface Entry {
  response: PreparedResponse;
  expiresAt: number;
}

/**
 * The longest an answer is kept. Writes through any instance forget everything within a quarter of a second
 * (server/blog/change-watcher.ts); this bounds only how long a change made beside the server, by hand in SQL, takes
 * to show.
 */
export const answerLifetimeMs = 5000;

/**
 * Listings of a hundred long posts and pages of long posts run to megabytes: such an answer is sent, and made again
 * next time. The budget holds the API's reads and the rendered pages together.
 */
const defaultBudget: ByteBudget = { maxBytes: 64 * 1024 * 1024, maxEntryBytes: 4 * 1024 * 1024 };

/**
 * The one cache of answers to visitors' reads: the API's listings and posts, and the site's pages. It is keyed by
 * address; only visitors' answers are kept (an admin's differ, and are never kept); each entry holds its body in
 * every encoding asked for so far (identity, Brotli, gzip). One rule forgets answers: everything goes when the
 * database's write counter moves (`forget`, called by writes and by the change watcher) or when the next scheduled
 * post comes out, and each answer after `answerLifetimeMs` at most.
 */
export class ResponseCache {
  readonly #entries: ByteBudgetCache<Entry>;
  /** Answers being made, by key: visitors who ask for the same thing meanwhile wait for the same answer. */
  readonly #loading = new Map<string, Promise<PreparedResponse>>();
  readonly #now: () => number;
  readonly #readNextPublication: (after: number) => Promise<number>;
  #generation = 0;
  /** When the answers kept now began to be made: the next publication is the first one after it. */
  #since: number;
  #nextPublication: number | undefined;
  #nextPublicationRead: Promise<number> | undefined;
  #hits = 0;
  #misses = 0;

  constructor(options: ResponseCacheOptions) {
    this.#entries = new ByteBudgetCache(options.budget ?? defaultBudget);
    this.#now = options.now;
    this.#readNextPublication = options.nextPublication;
    this.#since = this.#now();
  }

  /** What the kept answers hold, in bytes. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** Answers given from memory, or by joining one being made: no database read of their own. */
  get hits(): number {
    return this.#hits;
  }

  /** Answers that had to be made. */
  get misses(): number {
    return this.#misses;
  }

  /** Changes whenever everything is forgotten: an answer made before must not be kept after. */
  get generation(): number {
    return this.#generation;
  }

  /** The kept answer for `key` while it lasts (a hit); undefined otherwise, and nothing is made. */
  peek(key: string): PreparedResponse | undefined {
    const now = this.#now();
    if (this.#nextPublication !== undefined && now >= this.#nextPublication) this.forget();
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (now >= entry.expiresAt) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#hits += 1;
    return entry.response;
  }

  /**
   * The kept answer for `key`, or the one `load` makes, then kept. Right after a write, a hundred visitors asking
   * for the blog's first page cause one database read, not a hundred. A failed load is kept by nobody.
   */
  load(key: string, load: () => Promise<Answer>): Promise<PreparedResponse> {
    const kept = this.peek(key);
    if (kept !== undefined) return Promise.resolve(kept);
    let loading = this.#loading.get(key);
    if (loading === undefined) {
      this.#misses += 1;
      loading = this.#loadAndKeep(key, load);
      this.#loading.set(key, loading);
    } else {
      this.#hits += 1;
    }
    return loading;
  }

  /** After a write, or when the database cannot say whether there was one: nothing kept can be vouched for. */
  forget(): void {
    this.#generation += 1;
    this.#entries.clear();
    // Answers begun before the write may have seen the old data: later visitors must not wait for them.
    this.#loading.clear();
    this.#since = this.#now();
    this.#nextPublication = undefined;
    this.#nextPublicationRead = undefined;
  }

  async #loadAndKeep(key: string, load: () => Promise<Answer>): Promise<PreparedResponse> {
    const generation = this.#generation;
    const madeAt = this.#now();
    try {
      const [answer, nextPublication] = await Promise.all([load(), this.#nextPublicationOfGeneration()]);
      const response = prepareResponse(answer);
      if (generation === this.#generation) {
        const expiresAt = Math.min(madeAt + answerLifetimeMs, nextPublication);
        this.#entries.set(key, { response, expiresAt }, responseBytes(response));
      }
      return response;
    } finally {
      if (generation === this.#generation) this.#loading.delete(key);
    }
  }

  /** Read once for all the answers kept until the next `forget`, rather than once per answer. */
  #nextPublicationOfGeneration(): Promise<number> {
    if (this.#nextPublicationRead === undefined) {
      const generation = this.#generation;
      const read = this.#readNextPublication(this.#since).then(
        (next) => {
          if (generation === this.#generation) this.#nextPublication = next;
          return next;
        },
        (error: unknown) => {
          if (this.#nextPublicationRead === read) this.#nextPublicationRead = undefined;
          throw error;
        },
      );
      this.#nextPublicationRead = read;
    }
    return this.#nextPublicationRead;
  }
}
