import { createHash, randomBytes } from 'node:crypto';
import { addressLimitKey } from '../http/address-limit-key.ts';

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

/** Counters per row of the sketch: 2 rows of 65,536 take 512 KB, however many addresses send views. */
const width = 1 << 16;

/**
 * A fixed-window counter per address, kept in a count-min sketch (two rows of counters, each address counted in one
 * counter of each row, picked by a keyed hash): its memory is fixed, so a burst of new addresses neither grows it nor
 * crowds out anyone else, and nothing of an address is kept but two counters it shares with others. An address is
 * refused only when both of its counters are full: when it sent its allowance, or (rarely, and only while the window
 * lasts) when each of its counters is shared with addresses that did.
 */
export class AddressLimiter {
  private windowStart = 0;
  private readonly counts = new Uint32Array(width * 2);
  // A secret of this process, hashed before the address: nobody can choose addresses that share another's counters.
  private readonly key = randomBytes(32);

  constructor(private readonly limit: AddressLimit = defaultCollectLimit) {}

  /** True when the address (an IPv6 address's whole /64) may send one more view now; counts it. */
  allow(address: string, now: number): boolean {
    // A clock set back starts a window too.
    if (now - this.windowStart >= this.limit.windowMs || now < this.windowStart) {
      this.windowStart = now;
      this.counts.fill(0);
    }
    const digest = createHash('sha256').update(this.key).update(addressLimitKey(address)).digest();
    const first = digest.readUInt32LE(0) % width;
    const second = width + (digest.readUInt32LE(4) % width);
    const count = Math.min(this.counts[first]!, this.counts[second]!) + 1;
    // Raising only the counters below the new count keeps shared counters from running ahead (conservative update).
    if (this.counts[first]! < count) this.counts[first] = count;
    if (this.counts[second]! < count) this.counts[second] = count;
    return count <= this.limit.views;
  }

  /** Seconds until the current window ends. */
  retryAfter(now: number): number {
    return Math.max(1, Math.ceil((this.windowStart + this.limit.windowMs - now) / 1000));
  }
}
