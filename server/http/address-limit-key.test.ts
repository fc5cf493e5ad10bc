import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './address-limit-key.ts';

describe('the key a per-address limit counts a client under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64', '0:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4', '198.51.100.0/24'],
    ['::ffff:c633:6404', '198.51.100.4', '198.51.100.0/24'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown', 'unknown'],
    ['', '', ''],
  ])('counts %s as %s, and per network as %s', (address, alone, network) => {
    expect(addressLimitKey(address)).toBe(alone);
    expect(addressLimitKey(address, 'network')).toBe(network);
  });

  it('gives every address of a /64 one key, and the next /64 another', () => {
    const keys = new Set(Array.from({ length: 13 }, (_, i) => addressLimitKey(`2001:db8:7:9:${i.toString(16)}::${i}`)));
    expect([...keys]).toEqual(['2001:db8:7:9::/64']);
    expect(addressLimitKey('2001:db8:7:a::1')).not.toBe('2001:db8:7:9::/64');
  });
});
