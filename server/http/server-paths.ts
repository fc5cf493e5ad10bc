/**
 * The addresses the server answers with its own routes, which no content redirect may take over (docs/decisions/0031).
 * At run time they come from the app's route table (route-catalog.ts); content:check, which runs without a server,
 * reads the same table as written to server-routes.json, which a test keeps equal to the app's
 * (server-paths.test.ts: `npx vitest run --project node server/http/server-paths.test.ts -u` writes it again).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The route that serves the content pages and the build's files: what redirects are for, so no reserved path. */
export const contentCatchAll = '/*';

export const serverRoutesFile = join(import.meta.dirname, 'server-routes.json');

/** The route patterns of server-routes.json (`/newsletter/unsubscribe`, `/blogs/:slug`, `/admin/*`). */
export function readServerRoutes(file = serverRoutesFile): string[] {
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

/** The patterns of a route table, each once, sorted, without the content pages' catch-all. */
export function routePatterns(urls: Iterable<string>): string[] {
  return [...new Set(urls)].filter((url) => url !== contentCatchAll).sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern's regular expression: `:name` (with or without its own pattern) one segment, `*` the rest. */
function patternRegExp(pattern: string): RegExp {
  const parts = pattern.split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/);
  const source = parts
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether a path (no query) is one a server route answers, whichever its method. */
export function serverPathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const expressions = routePatterns(patterns).map(patternRegExp);
  return (path) => expressions.some((expression) => expression.test(path));
}
