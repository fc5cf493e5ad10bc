import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../admin-routes.ts';

export const admin = { _id: 'u-asha', name: 'Asha Admin', email: 'admin@northbeam.example', role: 'owner' };

/** Answers GET /api/auth/me for a browser with a live session. */
export const signedIn = { 'GET /api/auth/me': { body: admin } };

const pages = () => import('../admin-pages.ts');
const editor = () => import('../editor-pages.ts');
const studio = () => import('../studio-pages.ts');
const audience = () => import('../audience-pages.ts');
const newsletter = () => import('../newsletter-pages.ts');

/** Renders the admin's routes (react-router) at a URL with a fresh query client that does not retry. */
function renderRoutes(routes: RouteObject[], url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The admin's real route table at an admin URL; its chunks load lazily, so the first find may wait for them. */
export function renderAdmin(url: string) {
  const tree = [
    {
      path: '/admin',
      lazy: async () => ({ Component: (await pages()).AdminLayout }),
      children: adminRoutes({ pages, editor, studio, audience, newsletter }),
    },
  ];
  return renderRoutes(tree, url);
}

/** Long enough for a lazy route chunk to be transformed and loaded on a first visit in the test run. */
export const chunkWait = { timeout: 25_000 };
