/**
 * Page views one address may send per minute, counted in this instance's memory: the collector must not store
 * addresses (a limit shared in the database, like the forms', would), and a beacon lost to a limit costs a view,
 * never a lead. A browser sends one per page; an office behind one address sends many more than a person.
 */
export interface AddressLimit {
  views: number;
  windowMs: number;
}

export const defaultCollectLimit: AddressLimit = { views: 120, windowMs: 60_000 };

const maxAddresses = 100_000;

/** A fixed-window counter per address, forgotten when its window ends. */
export class AddressLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(private readonly limit: AddressLimit = defaultCollectLimit) {}

  /** True when the address may send one more view now; counts it. */
  allow(address: string, now: number): boolean {
    if (now - this.windowStart >= this.limit.windowMs) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const previous = this.counts.get(address);
    // A flood from countless addresses (IPv6 makes them cheap) must not grow the map without bound.
    if (previous === undefined && this.counts.size >= maxAddresses) return false;
    const count = (previous ?? 0) + 1;
    this.counts.set(address, count);
    return count <= this.limit.views;
  }

  /** Seconds until the current window ends. */
  retryAfter(now: number): number {
    return Math.max(1, Math.ceil((this.windowStart + this.limit.windowMs - now) / 1000));
  }
}
