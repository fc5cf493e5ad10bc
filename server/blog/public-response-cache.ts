import type { JsonResponse } from '../http/json-response.ts';

interface Entry {
  response: JsonResponse;
  expiresAt: number;
}

/**
 * Serialised answers to visitors' reads (listings and posts), kept until the next write through any instance sharing
 * the database (see change-watcher.ts), or until they expire: when a scheduled post comes out, or after a few
 * seconds. This is what keeps public reads close to the speed of a bare HTTP server.
 */
export class PublicResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  #generation = 0;

  constructor(maxEntries = 1000) {
    this.#maxEntries = maxEntries;
  }

  /** Changes at every clear: a response read before a write must not be stored after it. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string, now: number): JsonResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry.response;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, response: JsonResponse, expiresAt: number, generation: number): void {
    if (generation !== this.#generation) return;
    // Keys come from addresses anyone can vary: keep memory bounded by dropping the oldest entry.
    const oldest = this.#entries.keys().next();
    if (this.#entries.size >= this.#maxEntries && !oldest.done) this.#entries.delete(oldest.value);
    this.#entries.set(key, { response, expiresAt });
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
