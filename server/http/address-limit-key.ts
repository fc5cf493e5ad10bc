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
 * How far a per-address limit reaches for an IPv4 address: the address itself, or its whole /24 where the rule is
 * per network (a requester who can move within a small range must not multiply an allowance that protects others).
 */
export type AddressGrouping = 'address' | 'network';

/**
 * The key every per-address limit of the server counts a client under (docs/decisions/0033): an IPv4 address as it
 * is, or its /24 with `network`; an IPv6 address by its /64, which one subscriber usually holds whole and can send
 * from address after address; an IPv4-mapped IPv6 address as the IPv4 address it is. Anything that is no address
 * (`unknown`, an empty string) is its own key.
 */
export function addressLimitKey(address: string, grouping: AddressGrouping = 'address'): string {
  const plain = address.replace(/%.*$/, '');
  if (isIPv4(plain)) return grouping === 'network' ? `${plain.replace(/\.\d+$/, '.0')}/24` : plain;
  if (!isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain.toLowerCase());
  if (groups === null) return plain;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const ipv4 = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
    return addressLimitKey(ipv4, grouping);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
