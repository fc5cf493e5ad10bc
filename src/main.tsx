import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { OriginContext } from './ui/origin.ts';
import './styles/global.css';

// A failure that came with the server's render stays until refetched on purpose: retrying on mount would
// turn the server's "Blog Not Found" into "Loading..." during hydration.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, retryOnMount: false } },
});
const rootElement = document.getElementById('root')!;

/** The server's render of this page: its data and router state, in a JSON data block (no inline script). */
const stateElement = document.getElementById('app-state');
const serverState = stateElement ? JSON.parse(stateElement.textContent ?? '{}') : undefined;

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
    hydrate(queryClient, serverState.queries);
    (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = serverState.router;
    await resolveLazyRoutes(routes);
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <OriginContext value={window.location.origin}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </OriginContext>
    </StrictMode>
  );
  if (serverState && rootElement.hasChildNodes()) hydrateRoot(rootElement, app);
  else createRoot(rootElement).render(app);
}

void start();
