import type { PreparedResponse } from './prepared-response.ts';

export interface ByteBudget {
  /** The most all entries may hold together, in bytes. */
  maxBytes: number;
  /** An entry larger than this is not kept at all: one huge answer must not push out hundreds of normal ones. */
  maxEntryBytes: number;
}

/**
 * A map whose entries hold at most a budget of bytes in all, dropping the least recently used first. Its keys come
 * from addresses anyone can vary and its entries can be large, so a limit on the number of entries bounds nothing.
 */
export class ByteBudgetCache<Value> {
  readonly #entries = new Map<string, { value: Value; bytes: number }>();
  readonly #budget: ByteBudget;
  #bytes = 0;
  /** The most recently used key: using it again moves nothing, which is most of a busy address's reads. */
  #newest: string | undefined;

  constructor(budget: ByteBudget) {
    this.#budget = budget;
  }

  /** What the entries hold now, their keys included. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry, which becomes the most recently used. */
  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Keeps the value, which holds `bytes` besides its key, unless it is over the entry limit; false when not kept. */
  set(key: string, value: Value, bytes: number): boolean {
    this.delete(key);
    const size = bytes + key.length;
    if (size > this.#budget.maxEntryBytes) return false;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + size <= this.#budget.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    this.#entries.set(key, { value, bytes: size });
    this.#newest = key;
    this.#bytes += size;
    return true;
  }

  delete(key: string): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    if (key === this.#newest) this.#newest = undefined;
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#newest = undefined;
  }
}

/** The text of a set of headers, as kept in memory. */
function headerBytes(headers: Record<string, string>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + value.length;
  return bytes;
}

/**
 * What a prepared response may come to hold: its body and headers, and as much again as the body for the compressed
 * copies made on demand (Brotli and gzip, each a fraction of the body for HTML and JSON), each with its headers.
 */
export function responseBytes(response: PreparedResponse): number {
  return 2 * (response.body?.length ?? 0) + 3 * headerBytes(response.headers);
}
