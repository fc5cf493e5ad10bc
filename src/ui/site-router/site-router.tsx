import {
  Component,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { OutletContext, RouteContext, RouterContext, type NavigationType, type RouteState } from './context.ts';
import type { SiteHistory } from './history.ts';
import { useRouteError } from './hooks.ts';
import { loadPage, matchRoute, readyPage, type Page, type SiteLocation } from './load-page.ts';
import type { SiteRouteTable } from './route.ts';

/** Where the layout shows the page. */
export function Outlet() {
  return use(OutletContext);
}

function DefaultErrorElement() {
  const error = useRouteError();
  return (
    <section>
      <h1>Unexpected Application Error!</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </section>
  );
}

interface BoundaryProps {
  location: SiteLocation;
  route: RouteState;
  errorElement: ReactNode;
  children: ReactNode;
}

/** Shows the error element for what a page throws while rendering; the next location tries the page again. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: SiteLocation }> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: SiteLocation }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page could not be rendered', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RouteContext value={{ ...this.props.route, error: this.state.error }}>{this.props.errorElement}</RouteContext>
    );
  }
}

function PageView({ page, errorElement }: { page: Page; errorElement: ReactNode }) {
  const { route, params, loaderData, error } = page;
  const routeState = useMemo(() => ({ params, loaderData, error }), [params, loaderData, error]);
  let content: ReactNode = errorElement;
  if (error === null && route) content = route.Component ? <route.Component /> : (route.element ?? null);
  return (
    <RouteContext value={routeState}>
      <RouteErrorBoundary location={page.location} route={routeState} errorElement={errorElement}>
        {content}
      </RouteErrorBoundary>
    </RouteContext>
  );
}

/** Where a location is, for the router: its path and query (a change of the hash alone is the browser's scrolling). */
const placeOf = (url: { pathname: string; search: string }) => url.pathname + url.search;

/**
 * Only the latest navigation goes on: starting one aborts the one before (its loader's request signal). It also
 * knows where the visitor is headed, which is not the page on screen while a navigation loads or its transition
 * renders: back then forward at once must go forward, not stay on the page that the back navigation then shows.
 */
class LatestNavigation {
  #controller: AbortController | null = null;
  #target: string;

  constructor(target: string) {
    this.#target = target;
  }

  start(url: URL): AbortController {
    this.#controller?.abort();
    this.#controller = new AbortController();
    this.#target = placeOf(url);
    return this.#controller;
  }

  headsFor(url: URL): boolean {
    return this.#target === placeOf(url);
  }
}

export interface SiteRouterProps {
  table: SiteRouteTable;
  history: SiteHistory;
  /**
   * The page already loaded (hydration, the server's render); without it the router renders the first page at once
   * when it needs nothing loaded, or loads it first.
   */
  initialPage?: Page;
}

/**
 * The public pages' router. A navigation imports the route's chunk and runs its loader while the old page stays,
 * then writes history and renders the new page in a transition; back and forward load the page the same way.
 */
export function SiteRouter({ table, history, initialPage }: SiteRouterProps) {
  const { routes, Layout = Outlet, errorElement = <DefaultErrorElement /> } = table;
  const [view, setView] = useState<{ page?: Page; navigationType: NavigationType }>(() => ({
    page: initialPage ?? readyPage(routes, history.location()),
    navigationType: 'POP',
  }));
  const [revalidation, setRevalidation] = useState<'idle' | 'loading'>('idle');
  const [latest] = useState(() => new LatestNavigation(placeOf(view.page?.location ?? history.location())));

  const go = useCallback(
    async (url: URL, navigationType: NavigationType, key?: string): Promise<Page | undefined> => {
      const controller = latest.start(url);
      let page: Page;
      try {
        page = await loadPage(routes, new Request(url.href, { signal: controller.signal }), key);
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        throw error;
      }
      if (controller.signal.aborted) return undefined;
      if (page.redirect) {
        history.leave(page.redirect.location);
        return undefined;
      }
      return page;
    },
    [routes, history, latest],
  );

  const handles = useCallback(
    (href: string) => {
      const url = new URL(href, history.location());
      return (
        url.origin === history.location().origin && matchRoute(routes, url.pathname, { withSplat: false }) !== null
      );
    },
    [routes, history],
  );

  const navigate = useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const here = history.location();
      const url = new URL(to, here);
      if (!handles(url.href)) return history.leave(url.href);
      // A link to the page on screen loads it again without a second history entry, as react-router does.
      const replace = options.replace ?? url.href === here.href;
      void go(url, replace ? 'REPLACE' : 'PUSH').then((page) => {
        if (!page) return;
        const href = url.pathname + url.search + url.hash;
        if (replace) history.replace(href);
        else history.push(href);
        startTransition(() => setView({ page, navigationType: replace ? 'REPLACE' : 'PUSH' }));
      });
    },
    [history, handles, go],
  );

  const page = view.page;
  const revalidate = useCallback(async () => {
    if (!page) return;
    setRevalidation('loading');
    const { pathname, search, hash, key } = page.location;
    const next = await go(new URL(pathname + search + hash, history.location()), 'POP', key).finally(() =>
      setRevalidation('idle'),
    );
    if (next) startTransition(() => setView((view) => ({ ...view, page: next })));
  }, [page, go, history]);

  // Back and forward load the page the visitor is headed for, unless it is where they are already headed.
  useEffect(
    () =>
      history.listen(() => {
        const url = history.location();
        if (latest.headsFor(url)) return;
        void go(url, 'POP').then((page) => {
          if (page) startTransition(() => setView({ page, navigationType: 'POP' }));
        });
      }),
    [history, go, latest],
  );

  // Without a page given, the first one loads here (tests, a page the server did not render).
  const started = view.page !== undefined;
  useEffect(() => {
    if (started) return;
    void go(history.location(), 'POP').then((page) => {
      if (page) startTransition(() => setView({ page, navigationType: 'POP' }));
    });
  }, [started, go, history]);

  const state = useMemo(
    () =>
      page && {
        location: page.location,
        navigationType: view.navigationType,
        handles,
        navigate,
        revalidate,
        revalidation,
      },
    [page, view.navigationType, handles, navigate, revalidate, revalidation],
  );
  if (!page || !state) return null;
  return (
    <RouterContext value={state}>
      <OutletContext value={<PageView page={page} errorElement={errorElement} />}>
        <Layout />
      </OutletContext>
    </RouterContext>
  );
}
