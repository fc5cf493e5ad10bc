import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '@/admin/admin-routes.ts';
import { loadChunk } from './chunk.ts';
import { ErrorScreen } from './error-screen.tsx';
import { withQueries } from './with-queries.ts';

/** The admin's error element, fed by react-router. */
function AdminErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}

const adminPages = () => loadChunk('admin', () => import('@/admin/admin-pages.ts'));
const editorPages = () => loadChunk('admin-editor', () => import('@/admin/editor-pages.ts'));
const studioPages = () => loadChunk('admin-studio', () => import('@/admin/studio-pages.ts'));
const audiencePages = () => loadChunk('admin-audience', () => import('@/admin/audience-pages.ts'));
const newsletterPages = () => loadChunk('admin-newsletter', () => import('@/admin/newsletter-pages.ts'));
const contentPreview = () => loadChunk('content-preview', () => import('./content-preview.tsx'));

/**
 * Leaves the admin for a public page: a full page load, which the public pages' own router then serves. The loader
 * never settles, so the admin's router writes no history entry of its own for it.
 */
function loadPublicPage({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => undefined);
}

/** The admin: its own layout and code, with react-router, which only pages under /admin download. */
export const adminRouteTree: RouteObject[] = [
  // The content studio's preview: the site's page alone in a frame, outside the admin's layout and styles.
  { path: '/admin/content-preview', lazy: async () => ({ Component: (await contentPreview()).ContentPreview }) },
  {
    path: '/admin',
    errorElement: <AdminErrorScreen />,
    lazy: async () => ({ Component: await withQueries(adminPages().then((pages) => pages.AdminLayout)) }),
    children: [
      {
        errorElement: <AdminErrorScreen />,
        children: adminRoutes({
          pages: adminPages,
          editor: editorPages,
          studio: studioPages,
          audience: audiencePages,
          newsletter: newsletterPages,
        }),
      },
    ],
  },
  { path: '*', loader: loadPublicPage },
];

export const createAdminRouter = () => createBrowserRouter(adminRouteTree);
