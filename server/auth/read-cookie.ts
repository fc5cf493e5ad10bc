import type { FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';

/**
 * The value of one cookie of the request. Read here rather than through @fastify/cookie, whose plugin (and its
 * hook on every answer) is registered only where cookies are set: the sign-in routes.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : parseCookie(header)[name];
}
