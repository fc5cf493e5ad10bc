import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redirect, RedirectsDocument } from '../../src/content/types.gen.ts';
import { repositoryRoot } from '../repository-root.ts';
import type { FrontStep } from './request-front.ts';

/** content/redirects.json, which content:check has validated (no loops, no chains, targets that exist). */
export function readContentRedirects(file = join(repositoryRoot, 'content', 'redirects.json')): Redirect[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as RedirectsDocument).redirects;
}

/**
 * Answers every moved address before any route runs, keeping the query string. `redirects` names the list in force
 * at each request: the served build's, which the content studio's publisher swaps after a save (docs/decisions/0015).
 * A redirect from an address a route of the server answers (`isServerPath`) is never applied: content:check refuses
 * it, and a build made without that check must not hide the server's own pages (docs/decisions/0031).
 */
export function redirectMovedContent(
  redirects: Redirect[] | (() => Redirect[]),
  isServerPath: (path: string) => boolean = () => false,
): FrontStep {
  const current = typeof redirects === 'function' ? redirects : () => redirects;
  let list: Redirect[] | undefined;
  let byPath = new Map<string, Redirect>();
  return (request, reply) => {
    if (current() !== list) {
      list = current();
      byPath = new Map(list.filter(({ from }) => !isServerPath(from)).map((redirect) => [redirect.from, redirect]));
    }
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const redirect = byPath.get(path);
    if (!redirect) return undefined;
    const query = queryAt < 0 ? '' : request.url.slice(queryAt);
    reply.header('cache-control', 'public, max-age=3600').redirect(redirect.to + query, redirect.status);
    return 'answered';
  };
}
