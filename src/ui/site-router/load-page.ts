import { matchPath, patternScore, type Params } from './match-path.ts';
import { RouteErrorResponse, toRouteError } from './route-error.ts';
import type { RouteDefinition, SiteRoute } from './route.ts';

/** Where the router is: the URL's parts, and a key that tells two visits of the same URL apart. */
export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** A page ready to render: its route (resolved), parameters, and its loader's data or the error it met. */
export interface Page {
  location: SiteLocation;
  route: SiteRoute | null;
  params: Params;
  loaderData: unknown;
  /** What the route's import or loader threw (a 404 Response as a RouteErrorResponse), or null. */
  error: unknown;
  /** A loader answered with a redirect: where to, and its status. */
  redirect?: { location: string; status: number };
  /** The route's chunk did not arrive (a new deployment, the network): the browser loads the address instead. */
  chunkFailed?: boolean;
}

export interface RouteMatch {
  route: SiteRoute;
  params: Params;
}

/**
 * The route for a pathname: the most specific pattern that matches (a static segment beats a parameter, which beats
 * `*`), the first of equals. `withSplat: false` leaves out `*` routes: the paths the router knows itself.
 */
export function matchRoute(routes: SiteRoute[], pathname: string, { withSplat = true } = {}): RouteMatch | null {
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of routes) {
    if (!withSplat && route.path.split('/').includes('*')) continue;
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    const score = patternScore(route.path);
    if (!best || score > best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

const resolving = new WeakMap<SiteRoute, Promise<SiteRoute>>();

/** Imports a lazy route once and keeps what it gives on the route; a failed import is tried again next time. */
export function resolveRoute(route: SiteRoute): Promise<SiteRoute> {
  const { lazy } = route;
  if (!lazy) return Promise.resolve(route);
  let resolved = resolving.get(route);
  if (!resolved) {
    resolved = lazy().then(
      (definition: RouteDefinition) => Object.assign(route, definition, { lazy: undefined }),
      (error: unknown) => {
        resolving.delete(route);
        throw error;
      },
    );
    resolving.set(route, resolved);
  }
  return resolved;
}

let keys = 0;
/** Keys stay unique across the page loads of one tab: history entries keep theirs through a reload. */
const tab = Math.random().toString(36).slice(2, 8);

export function locationOf(url: URL, key = `${tab}-${(keys += 1)}`): SiteLocation {
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

const isRedirect = (response: Response) =>
  response.status >= 300 && response.status < 400 && response.headers.has('Location');

/**
 * Matches a request's URL, imports its route and runs its loader. What they throw becomes the page's error (a thrown
 * Response its status); only an abort (the visitor went on) is thrown on.
 */
export async function loadPage(routes: SiteRoute[], request: Request, key?: string): Promise<Page> {
  const url = new URL(request.url);
  const page: Page = { location: locationOf(url, key), route: null, params: {}, loaderData: undefined, error: null };
  const match = matchRoute(routes, url.pathname);
  if (!match) return { ...page, error: new RouteErrorResponse(404, 'Not Found') };
  page.params = match.params;
  try {
    page.route = await resolveRoute(match.route);
  } catch (thrown) {
    if (request.signal.aborted) throw thrown;
    return { ...page, error: toRouteError(thrown), chunkFailed: true };
  }
  try {
    const data: unknown = await page.route.loader?.({ params: match.params, request });
    if (data instanceof Response && isRedirect(data)) {
      page.redirect = { location: data.headers.get('Location')!, status: data.status };
    } else page.loaderData = data;
  } catch (thrown) {
    if (request.signal.aborted) throw thrown;
    if (thrown instanceof Response && isRedirect(thrown)) {
      page.redirect = { location: thrown.headers.get('Location')!, status: thrown.status };
    } else page.error = toRouteError(thrown);
  }
  return page;
}

/** The page at a URL when its route needs nothing loaded (imported, without a loader): rendered at once. */
export function readyPage(routes: SiteRoute[], url: URL): Page | undefined {
  const match = matchRoute(routes, url.pathname);
  if (!match || match.route.lazy || match.route.loader) return undefined;
  return { location: locationOf(url), route: match.route, params: match.params, loaderData: undefined, error: null };
}
