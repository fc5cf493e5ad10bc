import { describe, expect, it } from 'vitest';
import { formAddressKey } from './form-address.ts';

describe('the sender a form post is counted under', () => {
  it('keeps only a keyed hash: one for a whole /64, another for the next /64 and for another key', () => {
    const key = Buffer.alloc(32, 1);
    const a = formAddressKey(key, '2001:db8:1:2::1');
    expect(formAddressKey(key, '2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(formAddressKey(key, '2001:db8:1:3::1')).not.toBe(a);
    expect(formAddressKey(Buffer.alloc(32, 2), '2001:db8:1:2::1')).not.toBe(a);
    expect(a).not.toContain('2001');
  });
});
