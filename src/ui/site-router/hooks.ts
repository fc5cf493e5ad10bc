import { use, useMemo } from 'react';
import { RouteContext, RouterContext, type NavigationType } from './context.ts';
import type { SiteLocation } from './load-page.ts';

/**
 * The router's location. Outside a router (a section shown in the admin's catalogue) it is the browser's address,
 * or the site's root while rendering on the server.
 */
export function useLocation(): SiteLocation {
  const router = use(RouterContext);
  if (router) return router.location;
  if (typeof window === 'undefined') return { pathname: '/', search: '', hash: '', key: 'default' };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: 'default' };
}

/** How the visitor came to this location: POP for the first page and for back and forward. */
export function useNavigationType(): NavigationType {
  return use(RouterContext)?.navigationType ?? 'POP';
}

export function useParams<K extends string = string>(): Partial<Record<K, string>> {
  return use(RouteContext).params as Partial<Record<K, string>>;
}

/** The location's query, read only: pages change it through links. */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}

export function useLoaderData(): unknown {
  return use(RouteContext).loaderData;
}

/** Runs the route's loader again for the same location: `state` is 'loading' until its data is in. */
export function useRevalidator(): { state: 'idle' | 'loading'; revalidate: () => Promise<void> } {
  const router = use(RouterContext);
  const state = router?.revalidation ?? 'idle';
  const revalidate = router?.revalidate;
  return useMemo(() => ({ state, revalidate: revalidate ?? (() => Promise.resolve()) }), [state, revalidate]);
}

/** What the route's import, loader or rendering threw, for its error element. */
export function useRouteError(): unknown {
  return use(RouteContext).error;
}
