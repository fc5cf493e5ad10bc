import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { OriginContext } from './ui/origin.ts';
import { countServerBoundaries, sectionsHydrated } from './ui/section-boundary/section-hydration.ts';
import { serverState as readServerState } from './ui/server-state.ts';

/** Loads the lazy modules of the routes on screen, so the first client render matches the server's HTML. */
async function resolveLazyRoutes(tree: RouteObject[]) {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * Marks the root once the first render is committed and every server-rendered section has hydrated, so that all of
 * the page's controls have their handlers: the signal the browser tests wait for before clicking.
 */
function Started({ root, sections, children }: { root: HTMLElement; sections: number; children: ReactNode }) {
  useEffect(() => {
    void sectionsHydrated(sections).then(() => {
      root.dataset.app = 'started';
    });
  }, [root, sections]);
  return children;
}

/** Starts the app on the page: hydrates the server's HTML, or renders a page the server sent empty (the admin). */
export async function start(): Promise<void> {
  const rootElement = document.getElementById('root')!;
  // The server's render of this page: its data and router state, in a JSON data block (no inline script).
  const serverState = readServerState();
  const hydrating = serverState !== null && rootElement.hasChildNodes();
  if (serverState) {
    (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = serverState.router;
    await resolveLazyRoutes(routes);
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <OriginContext value={window.location.origin}>
        {/* Around the router, not beside it: a sibling would fork the tree, and every useId id would then differ from
            the server's (entry-server.tsx), whose providers each have one child. */}
        <Started root={rootElement} sections={hydrating ? countServerBoundaries(rootElement) : 0}>
          <RouterProvider router={router} />
        </Started>
      </OriginContext>
    </StrictMode>
  );
  // In a transition, hydration renders in slices of 5 ms and yields to the browser between them; each section's
  // Suspense boundary then hydrates and commits on its own.
  if (hydrating) startTransition(() => void hydrateRoot(rootElement, app));
  else createRoot(rootElement).render(app);
}
