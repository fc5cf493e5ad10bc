import { createHmac } from 'node:crypto';
import { addressLimitKey } from '../http/address-limit-key.ts';

/**
 * How the limits store a sender: a keyed hash of its limit key (an IPv6 address's /64), enough to count its posts,
 * not to read it back.
 */
export const formAddressKey = (key: Buffer, address: string): string =>
  createHmac('sha256', key)
    .update(`form-address:${addressLimitKey(address)}`)
    .digest('base64url');
