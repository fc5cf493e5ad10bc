import { startTransition, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { OutletContext, RouterContext, type NavigationType } from './context.ts';
import type { SiteHistory } from './history.ts';
import type { NavigationFeedback } from './browser-feedback.ts';
import { loadPage, locationOf, matchRoute, readyPage, type Page } from './load-page.ts';
import { LatestNavigation, placeOf, PrefetchedPages, prefetchedForMs } from './navigation.ts';
import { defaultErrorElement, PageSlot, type RouterActions } from './page-view.tsx';
import type { SiteRouteTable } from './route.ts';

/** Where the layout shows the page. */
export function Outlet() {
  return use(OutletContext);
}

/** How long a page rendered ahead stays after the pointer has left its link: coming back to it is still a click away. */
export const prerenderKeptMs = 1_500;

/** A page on screen or rendered ahead: its slot is its key in the outlet, which it keeps when it is shown. */
interface Slot {
  page: Page;
  slot: number;
}

/** The page rendered ahead for the link the pointer rests on: its address (with hash) and when it was fetched. */
interface Candidate extends Slot {
  href: string;
  at: number;
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
 * then writes history and renders the new page in a transition; back and forward load the page the same way. While
 * the pointer rests on a link, its page is fetched and rendered ahead, hidden: the click then shows it at once.
 */
export function SiteRouter({ table, history, initialPage, feedback }: SiteRouterProps) {
  const { routes, Layout = Outlet, errorElement = defaultErrorElement } = table;
  const [view, setView] = useState<{ page?: Page; navigationType: NavigationType; slot: number }>(() => {
    const page = initialPage ?? readyPage(routes, history.location());
    // A reloaded entry keeps its key, and with it the scroll position kept for it.
    const key = history.key();
    const location = page && key ? { ...page.location, key } : page?.location;
    return { page: page && location && { ...page, location }, navigationType: 'POP', slot: 0 };
  });
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const [revalidation, setRevalidation] = useState<'idle' | 'loading'>('idle');
  const [latest] = useState(() => new LatestNavigation(placeOf(view.page?.location ?? history.location())));
  const [prefetched] = useState(() => new PrefetchedPages(routes));
  const slots = useRef(0);
  // What the callbacks read of the last render, so that they stay the same functions from page to page.
  const shown = useRef({ page: view.page, candidate });
  useLayoutEffect(() => {
    shown.current = { page: view.page, candidate };
  });

  const show = useCallback((page: Page, navigationType: NavigationType) => {
    slots.current += 1;
    const slot = slots.current;
    startTransition(() => {
      setView({ page, navigationType, slot });
      setCandidate(null);
    });
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
      const href = url.pathname + url.search + url.hash;
      const ready = shown.current.candidate;
      if (!replace && ready?.href === href && Date.now() - ready.at < prefetchedForMs) {
        // Rendered ahead: shown in the click's own task, not in a transition (nothing is left to render, and a
        // transition would wait for the scheduler's next slice).
        latest.start(url);
        void prefetched.take(url);
        history.push(href, ready.page.location.key);
        setView({ page: ready.page, navigationType: 'PUSH', slot: ready.slot });
        setCandidate(null);
        return;
      }
      void go(url, replace ? 'REPLACE' : 'PUSH').then((page) => {
        if (!page) return;
        if (replace) history.replace(href, page.location.key);
        else history.push(href, page.location.key);
        show(page, replace ? 'REPLACE' : 'PUSH');
      });
    },
    [history, handles, go, show, latest, prefetched],
  );

  const prefetch = useCallback(
    (to: string) => {
      const url = new URL(to, history.location());
      if (handles(url.href) && !latest.headsFor(url)) prefetched.fetch(url);
    },
    [history, handles, latest, prefetched],
  );

  // The link the pointer rests on (its href), and the timer that drops its page a while after the pointer has left.
  const intent = useRef<{ href: string | null; drop?: ReturnType<typeof setTimeout> }>({ href: null });
  const prerender = useCallback(
    (to: string | null) => {
      clearTimeout(intent.current.drop);
      intent.current.href = null;
      if (to === null) {
        intent.current.drop = setTimeout(() => setCandidate(null), prerenderKeptMs);
        return;
      }
      const url = new URL(to, history.location());
      if (!handles(url.href) || latest.headsFor(url)) return;
      const href = url.pathname + url.search + url.hash;
      intent.current.href = href;
      prefetch(href);
      void prefetched.peek(url)?.then((page) => {
        // Only a page that loaded, while the pointer is still there and the visitor has not gone there meanwhile.
        if (!page || page.error !== null || page.redirect || intent.current.href !== href || latest.headsFor(url))
          return;
        if (shown.current.candidate?.href === href) return;
        slots.current += 1;
        const slot = slots.current;
        const at = Date.now();
        startTransition(() => setCandidate({ page: { ...page, location: locationOf(url) }, slot, href, at }));
      });
    },
    [history, handles, latest, prefetch, prefetched],
  );
  useEffect(() => () => clearTimeout(intent.current.drop), []);

  // A revalidation runs beside navigations: one starting aborts it, and its data goes only to the page it is for.
  const revalidate = useCallback(async () => {
    const page = shown.current.page;
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
  }, [routes, history, latest]);

  // Back and forward load the page the visitor is headed for, unless it is where they are already headed.
  useEffect(
    () =>
      history.listen(() => {
        const url = history.location();
        if (latest.headsFor(url)) return;
        void go(url, 'POP', history.key()).then((page) => page && show(page, 'POP'));
      }),
    [history, go, show, latest],
  );

  // Without a page given, the first one loads here (tests, a page the server did not render).
  const started = view.page !== undefined;
  useEffect(() => {
    if (started) return;
    void go(history.location(), 'POP', history.key(), true).then((page) => page && show(page, 'POP'));
  }, [started, go, show, history]);

  const page = view.page;
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

  const actions: RouterActions = useMemo(
    () => ({ handles, navigate, prefetch, prerender, revalidate, revalidation }),
    [handles, navigate, prefetch, prerender, revalidate, revalidation],
  );
  const location = page?.location;
  const state = useMemo(
    () => location && { ...actions, location, navigationType: view.navigationType },
    [location, view.navigationType, actions],
  );
  const layout = useMemo(() => <Layout />, [Layout]);
  if (!page) return null;
  const ahead = candidate && candidate.slot !== view.slot ? candidate : null;
  return (
    <RouterContext value={state!}>
      <OutletContext
        value={
          <>
            <PageSlot
              key={view.slot}
              page={page}
              navigationType={view.navigationType}
              router={actions}
              errorElement={errorElement}
              hidden={view.slot === 0 ? undefined : false}
            />
            {ahead && (
              <PageSlot
                key={ahead.slot}
                page={ahead.page}
                navigationType="PUSH"
                router={actions}
                errorElement={errorElement}
                hidden
              />
            )}
          </>
        }
      >
        {layout}
      </OutletContext>
    </RouterContext>
  );
}
