import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight groups of an IPv6 address, `::` expanded and a trailing IPv4 part as two groups; null if malformed. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const groups = halves.length === 2 ? [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 ? groups : null;
}

/**
 * The network a post comes from, as the limits count it: an IPv4 address itself (an IPv4-mapped IPv6 one too), and
 * an IPv6 address's /64, which one subscriber usually holds whole and can post from address after address.
 */
export function addressNetwork(address: string): string {
  const plain = address.replace(/%.*$/, '');
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain.toLowerCase());
  if (groups === null) return plain;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** How the limits store a sender: a keyed hash of its network, enough to count its posts, not to read it back. */
export const formAddressKey = (key: Buffer, address: string): string =>
  createHmac('sha256', key)
    .update(`form-address:${addressNetwork(address)}`)
    .digest('base64url');
