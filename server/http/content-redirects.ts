import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redirect, RedirectsDocument } from '../../src/content/types.gen.ts';
import { repositoryRoot } from '../repository-root.ts';
import type { FrontStep } from './request-front.ts';

/** content/redirects.json, which content:check has validated (no loops, no chains, targets that exist). */
export function readContentRedirects(file = join(repositoryRoot, 'content', 'redirects.json')): Redirect[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as RedirectsDocument).redirects;
}

/** Answers every moved address before any route runs, keeping the query string. */
export function redirectMovedContent(redirects: Redirect[]): FrontStep {
  const byPath = new Map(redirects.map((redirect) => [redirect.from, redirect]));
  return (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const redirect = byPath.get(path);
    if (!redirect) return undefined;
    const query = queryAt < 0 ? '' : request.url.slice(queryAt);
    reply.header('cache-control', 'public, max-age=3600').redirect(redirect.to + query, redirect.status);
    return 'answered';
  };
}
