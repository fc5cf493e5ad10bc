import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Paths the browser app renders itself, beyond those its build lists in routes.json. */
const dynamicRoutes = [/^\/blogs\/[^/]+$/, /^\/admin(\/.*)?$/];

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function readListedRoutes(clientDir: string): string[] {
  const file = join(clientDir, 'routes.json');
  if (!existsSync(file)) return [];
  const routes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(routes) || !routes.every((route) => typeof route === 'string')) {
    throw new Error(`${file} must be a JSON array of paths`);
  }
  return routes;
}

/** Tells whether the browser app has a page at a path (query string excluded), so that the server answers 200. */
export function createSpaRouteMatcher(clientDir: string): (path: string) => boolean {
  const listed = new Set(readListedRoutes(clientDir).map(withoutTrailingSlash));
  return (path) => {
    const normalised = withoutTrailingSlash(path);
    return listed.has(normalised) || dynamicRoutes.some((route) => route.test(normalised));
  };
}
