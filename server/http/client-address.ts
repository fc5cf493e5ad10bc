import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as an IP address, never free text: with TRUST_PROXY, request.ip is what X-Forwarded-For
 * says, and a client can write anything there. When that is no address, the nearest peer's address stands in
 * (null only once the connection is gone).
 */
export function clientAddress(request: FastifyRequest): string | null {
  if (isIP(request.ip) !== 0) return request.ip;
  const peer = request.socket.remoteAddress;
  return peer !== undefined && isIP(peer) !== 0 ? peer : null;
}
