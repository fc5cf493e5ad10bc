import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './read-cookie.ts';
import { sessionLifetimeMs } from './sessions.ts';

// Browsers accept a `__Host-` cookie only with Secure, Path=/ and no Domain, which pins it to this origin.
const httpsName = '__Host-northbeam_session';
const httpName = 'northbeam_session';

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function cookieName(request: FastifyRequest): string {
  return isHttps(request) ? httpsName : httpName;
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return readCookie(request, cookieName(request));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isHttps(request),
    maxAge: sessionLifetimeMs / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), { httpOnly: true, sameSite: 'strict', path: '/', secure: isHttps(request) });
}
