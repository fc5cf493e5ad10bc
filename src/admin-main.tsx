import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAdminRouter } from './app/admin-router.tsx';
import { Started } from './app/started.tsx';
import { OriginContext } from './ui/origin.ts';

/** Starts the admin, which the server sends empty: react-router and the admin's routes, under /admin only. */
export function start(): void {
  const rootElement = document.getElementById('root')!;
  createRoot(rootElement).render(
    <StrictMode>
      <OriginContext value={window.location.origin}>
        <Started root={rootElement} sections={0}>
          <RouterProvider router={createAdminRouter()} />
        </Started>
      </OriginContext>
    </StrictMode>,
  );
}
