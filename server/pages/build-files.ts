/**
 * Files of the build that exist for the server's own use: page sources (served through the page routes, with
 * the public origin filled in), their compressed copies, the route list and Vite's manifest. Asked for by name,
 * they are not found.
 */
export function isBuildBookkeeping(pathname: string): boolean {
  return (
    /\.(html|br|gz)$/i.test(pathname) ||
    /^\/routes\.json$/i.test(pathname) ||
    pathname.split('/').some((segment) => segment.startsWith('.'))
  );
}

/**
 * The canonical address for a path written with a trailing slash (`/about/` → `/about`), or undefined when the
 * path has none or is not one this site could hold. Empty segments and backslashes are refused rather than
 * collapsed: `//host/` would otherwise become a redirect to another site.
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!/^(?:\/[^/\\]+)+\/+$/.test(pathname)) return undefined;
  return pathname.replace(/\/+$/, '') + (queryStart === -1 ? '' : url.slice(queryStart));
}
