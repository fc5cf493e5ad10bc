import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { OriginContext } from './ui/origin.ts';
import { serverState as readServerState } from './ui/server-state.ts';
import './styles/global.css';

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
      </OriginContext>
    </StrictMode>
  );
  // In a transition, hydration yields to the browser between components instead of holding the main thread.
  if (serverState && rootElement.hasChildNodes()) startTransition(() => void hydrateRoot(rootElement, app));
  else createRoot(rootElement).render(app);
}

/**
 * The server's HTML is the whole page: the app starts once the page has loaded and the browser is idle, so
 * that its chunks and its work never compete with first paint. A page without server HTML starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (!serverState) return Promise.resolve();
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 0);
      }),
  );
}

void afterFirstPaint().then(start);
