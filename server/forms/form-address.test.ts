import { describe, expect, it } from 'vitest';
import { addressNetwork, formAddressKey } from './form-address.ts';

describe('the network a form post is counted under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, network) => {
    expect(addressNetwork(address)).toBe(network);
  });

  it('keeps only a keyed hash: one for a whole /64, another for the next /64 and for another key', () => {
    const key = Buffer.alloc(32, 1);
    const a = formAddressKey(key, '2001:db8:1:2::1');
    expect(formAddressKey(key, '2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(formAddressKey(key, '2001:db8:1:3::1')).not.toBe(a);
    expect(formAddressKey(Buffer.alloc(32, 2), '2001:db8:1:2::1')).not.toBe(a);
    expect(a).not.toContain('2001');
  });
});
