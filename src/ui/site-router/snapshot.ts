import { locationOf, matchRoute, resolveRoute, type Page } from './load-page.ts';
import { deserializeRouteError, serializeRouteError, type SerializedRouteError } from './route-error.ts';
import type { SiteRoute } from './route.ts';

/** The server's page as the state block carries it to the browser: its loader's data, or its error. */
export interface RouterSnapshot {
  loaderData: unknown;
  error: SerializedRouteError | null;
}

export function snapshotOf(page: Page): RouterSnapshot {
  return { loaderData: page.loaderData, error: page.error === null ? null : serializeRouteError(page.error) };
}

/**
 * The page the server rendered, rebuilt in the browser without running its loader again: its route imported, so the
 * first render is the server's and hydrates without a mismatch.
 */
export async function pageFromSnapshot(routes: SiteRoute[], url: URL, snapshot: RouterSnapshot): Promise<Page> {
  const match = matchRoute(routes, url.pathname);
  return {
    location: locationOf(url),
    route: match && (await resolveRoute(match.route)),
    params: match?.params ?? {},
    loaderData: snapshot.loaderData,
    error: snapshot.error === null ? null : deserializeRouteError(snapshot.error),
  };
}
