import type { RouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import { contentRoutes, type ContentRoute } from 'virtual:content-routes';
import { loadChunk } from './chunk.ts';
import { ErrorScreen } from './error-screen.tsx';
import { RootLayout } from './root-layout.tsx';

/** A content route: its document and the page component load lazily, each as a chunk of its own. */
function contentRoute(entry: ContentRoute): RouteObject {
  return {
    path: entry.path,
    lazy: async () => {
      const [{ ContentPage }, { default: doc }] = await Promise.all([
        loadChunk('content-page', () => import('@/site/content-page.tsx')),
        loadChunk(entry.chunk, entry.load),
      ]);
      const alias = entry.alias >= 0 ? doc.alsoAt?.[entry.alias] : undefined;
      const meta = alias ?? { route: doc.route, title: doc.title, description: doc.description };
      return { Component: () => <ContentPage doc={doc} meta={meta} /> };
    },
  };
}

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
            path: '*',
            loader: () => {
              throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];
