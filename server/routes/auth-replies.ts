import type { FastifyRequest } from 'fastify';
import type { SignedInUser } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';

/** The guard lets unsafe requests through only with a session; reads check here. */
export function signedIn(request: FastifyRequest): SignedInUser {
  if (request.user === null) throw new HttpError(401, 'Not signed in.');
  return request.user;
}
