import type { RouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { contentRoutes, type ContentRoute } from 'virtual:content-routes';
import { loadChunk } from './chunk.ts';
import { ErrorScreen } from './error-screen.tsx';
import { RootLayout } from './root-layout.tsx';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * The source modules a route loads lazily, as the build manifest names them: the server links their
 * scripts and styles from the page's head, so a server-rendered page is styled before scripts run.
 */
export interface RouteModules {
  modules: string[];
}

const contentPageModule = 'src/app/content-page.ts';

/** A content route: its document and the page component load lazily, each as a chunk of its own. */
function contentRoute(entry: ContentRoute): RouteObject {
  return {
    path: entry.path,
    handle: { modules: [contentPageModule, entry.file] } satisfies RouteModules,
    lazy: async () => {
      const [{ ContentPage, blogSections }, { default: doc }] = await Promise.all([
        loadChunk('content-page', () => import('./content-page.ts')),
        loadChunk(entry.chunk, entry.load),
      ]);
      const alias = entry.alias >= 0 ? doc.alsoAt?.[entry.alias] : undefined;
      const meta = alias ?? { route: doc.route, title: doc.title, description: doc.description };
      return { Component: () => <ContentPage doc={doc} meta={meta} components={blogSections} /> };
    },
  };
}

const adminPages = () => loadChunk('admin', () => import('@/admin/admin-pages.ts'));
const editorPages = () => loadChunk('admin-editor', () => import('@/admin/editor-pages.ts'));

/** The admin: its own layout, outside the public one, and code that no public page downloads. */
const adminRoute: RouteObject = {
  path: '/admin',
  errorElement: <ErrorScreen />,
  lazy: async () => ({ Component: (await adminPages()).AdminLayout }),
  children: [
    {
      errorElement: <ErrorScreen />,
      children: [
        { index: true, lazy: async () => ({ Component: (await adminPages()).DashboardPage }) },
        { path: 'posts', lazy: async () => ({ Component: (await adminPages()).PostsPage }) },
        { path: 'stats', lazy: async () => ({ Component: (await adminPages()).StatsPage }) },
        { path: 'media', lazy: async () => ({ Component: (await adminPages()).MediaLibraryPage }) },
        { path: 'blog/new', lazy: async () => ({ Component: (await editorPages()).NewPostPage }) },
        { path: 'blog/edit/:id', lazy: async () => ({ Component: (await editorPages()).EditPostPage }) },
        { path: '*', loader: notFound },
      ],
    },
  ],
};

/** The route tree, shared by the browser and (later) the server renderer so route ids match. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          ...contentRoutes.map(contentRoute),
          // Listed in the specification with no content: the blog listing is its home.
          { path: '/blog-detail', loader: () => redirect('/blog', 301) },
          {
            path: '/blogs/:slug',
            handle: { modules: ['src/blog/post-page/post-page.tsx'] } satisfies RouteModules,
            lazy: async () => ({
              Component: (await loadChunk('blog-post', () => import('@/blog/post-page/post-page.tsx'))).PostPage,
            }),
          },
          { path: '*', loader: notFound },
        ],
      },
    ],
  },
  adminRoute,
];
