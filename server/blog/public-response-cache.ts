import { ByteBudgetCache, responseBytes, type ByteBudget } from '../http/byte-budget-cache.ts';
import type { PreparedResponse } from '../http/prepared-response.ts';

export interface CachedResponse {
  response: PreparedResponse;
  expiresAt: number;
}

/**
 * Serialised answers to visitors' reads (listings and posts), kept until the next write through any instance sharing
 * the database (see change-watcher.ts), or until they expire: when a scheduled post comes out, or after a few
 * seconds. This is what keeps public reads close to the speed of a bare HTTP server.
 */
export class PublicResponseCache {
  readonly #entries: ByteBudgetCache<CachedResponse>;
  /** Reads under way, by key: visitors who ask for the same thing meanwhile wait for the same answer. */
  readonly #loading = new Map<string, Promise<PreparedResponse>>();
  #generation = 0;
  #hits = 0;
  #misses = 0;

  /** Listings of a hundred long posts run to megabytes: such an answer is sent, and read again next time. */
  constructor(budget: ByteBudget = { maxBytes: 32 * 1024 * 1024, maxEntryBytes: 4 * 1024 * 1024 }) {
    this.#entries = new ByteBudgetCache(budget);
  }

  /** What the kept answers hold, in bytes. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** Answers given from memory, or by joining a read already under way: no database read of their own. */
  get hits(): number {
    return this.#hits;
  }

  /** Answers that needed a database read. */
  get misses(): number {
    return this.#misses;
  }

  /** Changes at every clear: a response read before a write must not be stored after it. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The cached response for `key`, or the one `load` makes, then kept until it expires or the next clear. Right
   * after a write, a hundred visitors asking for the blog's first page cause one database read, not a hundred.
   */
  load(key: string, now: number, load: () => Promise<CachedResponse>): Promise<PreparedResponse> {
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      if (now < cached.expiresAt) {
        this.#hits += 1;
        return Promise.resolve(cached.response);
      }
      this.#entries.delete(key);
    }
    let loading = this.#loading.get(key);
    if (loading === undefined) {
      this.#misses += 1;
      loading = this.#loadAndStore(key, load);
      this.#loading.set(key, loading);
    } else {
      this.#hits += 1;
    }
    return loading;
  }

  /** The cached response for `key` while it lasts (a hit); undefined otherwise, and nothing is loaded. */
  peek(key: string, now: number): PreparedResponse | undefined {
    const cached = this.#entries.get(key);
    if (cached === undefined || now >= cached.expiresAt) return undefined;
    this.#hits += 1;
    return cached.response;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    // Reads begun before the write may have seen the old data: later visitors must not wait for them.
    this.#loading.clear();
  }

  async #loadAndStore(key: string, load: () => Promise<CachedResponse>): Promise<PreparedResponse> {
    const generation = this.#generation;
    try {
      const entry = await load();
      if (generation === this.#generation) this.#store(key, entry);
      return entry.response;
    } finally {
      if (generation === this.#generation) this.#loading.delete(key);
    }
  }

  #store(key: string, entry: CachedResponse): void {
    this.#entries.set(key, entry, responseBytes(entry.response));
  }
}
