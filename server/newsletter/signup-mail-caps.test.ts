import { describe, expect, it } from 'vitest';
import { signupNetwork } from './signup-mail-caps.ts';

describe('the network the signup mail caps count a requester under', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['203.0.113.1', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, network) => {
    expect(signupNetwork(address)).toBe(network);
  });
});
