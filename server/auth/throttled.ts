import { HttpError } from '../http/errors.ts';

export function throttledSignIn(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'Too many failed sign-in attempts. Wait a few minutes, then try again.', [], {
    'retry-after': String(retryAfterSeconds),
  });
}
