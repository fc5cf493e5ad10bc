import {
  Component,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { OutletContext, RouteContext, RouterContext, type NavigationType, type RouteState } from './context.ts';
import type { SiteHistory } from './history.ts';
import type { NavigationFeedback } from './browser-feedback.ts';
import { useRouteError } from './hooks.ts';
import { loadPage, matchRoute, readyPage, type Page, type SiteLocation } from './load-page.ts';
import { LatestNavigation, placeOf, PrefetchedPages } from './navigation.ts';
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

export interface SiteRouterProps {
  table: SiteRouteTable;
  history: SiteHistory;
  /**
   * The page already loaded (hydration, the server's render); without it the router renders the first page at once
   * when it needs nothing loaded, or loads it first.
   */
  initialPage?: Page;
  /** The browser's scroll, focus, announcement and progress bar (src/main.tsx); none on the server and in tests. */
  feedback?: NavigationFeedback;
}

/**
 * The public pages' router. A navigation imports the route's chunk and runs its loader while the old page stays,
 * then writes history and renders the new page; back and forward load the page the same way.
 */
export function SiteRouter({ table, history, initialPage, feedback }: SiteRouterProps) {
  const { routes, Layout = Outlet, errorElement = <DefaultErrorElement /> } = table;
  const [view, setView] = useState<{ page?: Page; navigationType: NavigationType }>(() => {
    const page = initialPage ?? readyPage(routes, history.location());
    // A reloaded entry keeps its key, and with it the scroll position kept for it.
    const key = history.key();
    return { page: page && key ? { ...page, location: { ...page.location, key } } : page, navigationType: 'POP' };
  });
  const [revalidation, setRevalidation] = useState<'idle' | 'loading'>('idle');
  const [latest] = useState(() => new LatestNavigation(placeOf(view.page?.location ?? history.location())));
  const [prefetched] = useState(() => new PrefetchedPages(routes));
  // A page arrives with its chunk and data: it renders and commits at once, in one task, not in a transition's 5 ms
  // slices with the browser's frames and other tasks between them (a page fetched on intent is then on screen in the
  // click's own task). Scroll, focus and the announcement follow in the same commit (the layout effect below).
  const show = useCallback((page: Page, navigationType: NavigationType) => {
    flushSync(() => setView({ page, navigationType }));
  }, []);

  const go = useCallback(
    async (url: URL, navigationType: NavigationType, key?: string, first = false): Promise<Page | undefined> => {
      const controller = latest.start(url);
      feedback?.pending(true);
      let page: Page;
      try {
        const kept = navigationType === 'POP' ? undefined : await prefetched.take(url);
        page = kept ?? (await loadPage(routes, new Request(url.href, { signal: controller.signal }), key));
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        throw error;
      }
      if (controller.signal.aborted) return undefined;
      if (page.redirect || (page.chunkFailed && !first)) {
        // A chunk that did not arrive (a new deployment) is the server's to answer: the whole page loads. Not for
        // the first page, which would load again and again: its error screen offers to reload.
        feedback?.pending(false);
        history.leave(page.redirect?.location ?? url.href);
        return undefined;
      }
      return page;
    },
    [routes, history, latest, prefetched, feedback],
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
        if (replace) history.replace(href, page.location.key);
        else history.push(href, page.location.key);
        show(page, replace ? 'REPLACE' : 'PUSH');
      });
    },
    [history, handles, go, show],
  );

  const prefetch = useCallback(
    (to: string) => {
      const url = new URL(to, history.location());
      if (handles(url.href) && !latest.headsFor(url)) prefetched.fetch(url);
    },
    [history, handles, latest, prefetched],
  );

  const page = view.page;
  // A revalidation runs beside navigations: one starting aborts it, and its data goes only to the page it is for.
  const revalidate = useCallback(async () => {
    if (!page) return;
    setRevalidation('loading');
    const { pathname, search, hash, key } = page.location;
    const controller = latest.revalidation();
    const generation = latest.generation;
    const request = new Request(new URL(pathname + search + hash, history.location()), { signal: controller.signal });
    const next = await loadPage(routes, request, key)
      .catch(() => undefined)
      .finally(() => setRevalidation('idle'));
    if (!next || controller.signal.aborted || latest.generation !== generation) return;
    startTransition(() => setView((view) => (view.page?.location.key === key ? { ...view, page: next } : view)));
  }, [page, routes, history, latest]);

  // Back and forward load the page the visitor is headed for, unless it is where they are already headed.
  useEffect(
    () =>
      history.listen(() => {
        const url = history.location();
        if (latest.headsFor(url)) return;
        void go(url, 'POP', history.key()).then((page) => {
          if (page) show(page, 'POP');
        });
      }),
    [history, go, latest, show],
  );

  // Without a page given, the first one loads here (tests, a page the server did not render).
  const started = view.page !== undefined;
  useEffect(() => {
    if (started) return;
    void go(history.location(), 'POP', history.key(), true).then((page) => {
      if (page) startTransition(() => setView({ page, navigationType: 'POP' }));
    });
  }, [started, go, history]);

  // The first entry gets its key, under which its scroll position is kept.
  const pageKey = page?.location.key;
  useEffect(() => {
    const here = history.location();
    if (pageKey && !history.key()) history.replace(here.pathname + here.search + here.hash, pageKey);
  }, [pageKey, history]);

  // A new page has rendered: scroll, focus and announcement, before the browser paints it. The first page is the
  // browser's own (and a revalidation keeps the page's key).
  const shownKey = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const previous = shownKey.current;
    shownKey.current = pageKey;
    if (previous === undefined || previous === pageKey || !page) return;
    feedback?.arrived(page.location, view.navigationType);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page shown, not per render of it
  }, [pageKey]);

  const state = useMemo(
    () =>
      page && {
        location: page.location,
        navigationType: view.navigationType,
        handles,
        navigate,
        prefetch,
        revalidate,
        revalidation,
      },
    [page, view.navigationType, handles, navigate, prefetch, revalidate, revalidation],
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
