import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { afterTurns, hydrateInTurns } from './ui/hydrate-in-turn.tsx';
import { OriginContext } from './ui/origin.ts';
import { serverState as readServerState } from './ui/server-state.ts';

const rootElement = document.getElementById('root')!;

/** The server's render of this page: its data and router state, in a JSON data block (no inline script). */
const serverState = readServerState();

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
 * Marks the root once the first render is committed and every section has had its turn to hydrate, so that all of
 * the page's controls have their handlers: the signal the browser tests wait for before clicking.
 */
function Started() {
  useEffect(() => {
    void afterTurns().then(() => {
      rootElement.dataset.app = 'started';
    });
  }, []);
  return null;
}

async function start() {
  if (serverState) {
    (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = serverState.router;
    await resolveLazyRoutes(routes);
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <OriginContext value={window.location.origin}>
        <RouterProvider router={router} />
        <Started />
      </OriginContext>
    </StrictMode>
  );
  // In a transition, hydration yields to the browser between components instead of holding the main thread.
  // Preact hydrates synchronously: its sections then take their turns, one task each (see HydrateInTurn).
  if (serverState && rootElement.hasChildNodes()) {
    startTransition(() => hydrateInTurns(() => void hydrateRoot(rootElement, app)));
  } else createRoot(rootElement).render(app);
}

void start();
