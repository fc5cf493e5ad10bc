import { describe, expect, it } from 'vitest';
import { AddressLimiter, defaultCollectLimit } from './address-limiter.ts';

describe('the limit of page views per address', () => {
  it('refuses an address past its allowance until the window ends, and no other address', () => {
    const limiter = new AddressLimiter({ views: 3, windowMs: 60_000 });
    const answers = Array.from({ length: 4 }, () => limiter.allow('198.51.100.1', 0));
    expect(answers).toEqual([true, true, true, false]);
    expect(limiter.retryAfter(1_000)).toBe(59);
    expect(limiter.allow('198.51.100.2', 2_000)).toBe(true);
    expect(limiter.allow('198.51.100.1', 60_000)).toBe(true);
  });

  it('is not overrun by a burst of new addresses: newcomers still count, and a flooder stays refused', () => {
    const limiter = new AddressLimiter(defaultCollectLimit);
    const flooder = '2001:db8::1';
    for (let view = 0; view < defaultCollectLimit.views; view += 1) expect(limiter.allow(flooder, 0)).toBe(true);
    expect(limiter.allow(flooder, 0)).toBe(false);
    // Rotating IPv6 networks cost an attacker little: far more of them than any table of addresses would hold.
    let refused = 0;
    for (let network = 0; network < 200_000; network += 1) {
      if (!limiter.allow(`2001:db9:${(network >> 16).toString(16)}:${(network & 0xffff).toString(16)}::1`, 1_000)) {
        refused += 1;
      }
    }
    expect(refused).toBe(0);
    expect(limiter.allow('203.0.113.9', 2_000)).toBe(true);
    expect(limiter.allow(flooder, 2_000)).toBe(false);
  });

  it('counts a whole IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', () => {
    const limiter = new AddressLimiter({ views: 3, windowMs: 60_000 });
    const fromOneNetwork = Array.from({ length: 4 }, (_, i) => limiter.allow(`2001:db8:5:6::${i + 1}`, 0));
    expect(fromOneNetwork).toEqual([true, true, true, false]);
    expect(limiter.allow('2001:db8:5:7::1', 0)).toBe(true);
    expect(limiter.allow('198.51.100.8', 0)).toBe(true);
    expect(limiter.allow('::ffff:198.51.100.8', 0)).toBe(true);
    expect(limiter.allow('198.51.100.8', 0)).toBe(true);
    expect(limiter.allow('::ffff:c633:6408', 0)).toBe(false);
  });
});
