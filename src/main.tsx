import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { siteRoutes } from './app/routes.tsx';
import { Started } from './app/started.tsx';
import { OriginContext } from './ui/origin.ts';
import { countServerBoundaries } from './ui/section-boundary/section-hydration.ts';
import { serverState as readServerState } from './ui/server-state.ts';
import { browserFeedback } from './ui/site-router/browser-feedback.ts';
import { browserHistory } from './ui/site-router/history.ts';
import { pageFromSnapshot, type RouterSnapshot } from './ui/site-router/snapshot.ts';
import { SiteRouter } from './ui/site-router/site-router.tsx';

/** Starts the public pages: hydrates the server's HTML, or renders a page the server sent empty (the dev server). */
export async function start(): Promise<void> {
  const rootElement = document.getElementById('root')!;
  // The server's render of this page: its data and the route's state, in a JSON data block (no inline script).
  const serverState = readServerState();
  const hydrating = serverState !== null && rootElement.hasChildNodes();
  const snapshot = serverState?.router as RouterSnapshot | undefined;
  // The page's route is imported before the first render, so that render is the server's.
  const initialPage = snapshot
    ? await pageFromSnapshot(siteRoutes.routes, new URL(window.location.href), snapshot)
    : undefined;
  const history = browserHistory();
  const app = (
    <StrictMode>
      <OriginContext value={window.location.origin}>
        {/* Around the router, not beside it: a sibling would fork the tree, and every useId id would then differ from
            the server's (entry-server.tsx), whose providers each have one child. */}
        <Started root={rootElement} sections={hydrating ? countServerBoundaries(rootElement) : 0}>
          <SiteRouter
            table={siteRoutes}
            history={history}
            initialPage={initialPage}
            feedback={browserFeedback(history)}
          />
        </Started>
      </OriginContext>
    </StrictMode>
  );
  // In a transition, hydration renders in slices of 5 ms and yields to the browser between them; each section's
  // Suspense boundary then hydrates and commits on its own.
  if (hydrating) startTransition(() => void hydrateRoot(rootElement, app));
  else createRoot(rootElement).render(app);
}
