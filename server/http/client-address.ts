import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as an IP address, never free text. With TRUST_PROXY, request.ip is the farthest entry of
 * X-Forwarded-For that the trusted proxies vouch for, and a client can write anything there. Walking out from the
 * peer, this stops at the first entry that is no address: the ones before it were added by proxies, the rest by
 * whoever wrote the garbage. Null only once the connection is gone.
 */
export function clientAddress(request: FastifyRequest): string | null {
  if (isIP(request.ip) !== 0) return request.ip;
  let nearest: string | null = null;
  // request.ips runs from the peer outwards, as far as the trusted proxies go.
  for (const address of request.ips ?? [request.socket.remoteAddress]) {
    if (address === undefined || isIP(address) === 0) break;
    nearest = address;
  }
  return nearest;
}
