import { contentRoutes, type ContentRoute } from 'virtual:content-routes';
import { blogSlotModules, blogSlotQuery, loadBlogSlots } from '@/blog/sections/blog-slots.ts';
import { lazySectionModules, loadFormModules } from '@/sections/lazy-section-modules.ts';
import type { SiteRoute, SiteRouteTable } from '@/ui/site-router/route.ts';
import { loadChunk } from './chunk.ts';
import { RouteErrorScreen } from './error-screen.tsx';
import { RootLayout } from './root-layout.tsx';
import { withQueries } from './with-queries.ts';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * The source modules a route loads lazily, as the build manifest names them: the server links their
 * scripts and styles from the page's head, so a server-rendered page is styled before scripts run.
 */
export interface RouteModules {
  modules: string[];
  /**
   * The query parameters the page reads (`/blog`: page and q); none when absent. Any other parameter (a campaign's
   * `utm_*`, a `gclid`) leaves the page as it is: the server answers it from the page it keeps without them.
   */
  query?: readonly string[];
}

const contentPageModule = 'src/app/content-page.ts';

/**
 * A content route: its document (read at run time in a build: src/content/page-documents.ts) and the page component
 * load lazily, with the blog's slots of the sections it shows (and their loader), and nothing of the sections it does
 * not.
 */
function contentRoute(entry: ContentRoute): SiteRoute {
  return {
    path: entry.path,
    handle: {
      modules: [contentPageModule, ...blogSlotModules(entry.sectionTypes), ...lazySectionModules(entry.sectionTypes)],
      query: blogSlotQuery(entry.sectionTypes),
    } satisfies RouteModules,
    lazy: async () => {
      const [{ ContentPage }, { default: doc }, slots] = await Promise.all([
        loadChunk('content-page', () => import('./content-page.ts')),
        loadChunk(entry.chunk, entry.load),
        loadBlogSlots(entry.sectionTypes, loadChunk),
        loadChunk('forms', () => loadFormModules(entry.sectionTypes)),
      ]);
      const alias = entry.alias >= 0 ? doc.alsoAt?.[entry.alias] : undefined;
      const meta = alias ?? { route: doc.route, title: doc.title, description: doc.description };
      return {
        loader: slots.loaderFor(doc.sections),
        Component: () => <ContentPage doc={doc} meta={meta} components={slots.components} />,
      };
    },
  };
}

const archivePages = () => loadChunk('blog-archive', () => import('@/blog/archive/archive-routes.tsx'));

/** /blog/tag/{name}, /blog/category/{name} and /blog/author/{name}, server-rendered like /blog. */
const archiveRoutes: SiteRoute[] = (['tag', 'category', 'author'] as const).map((kind) => ({
  path: `/blog/${kind}/:name`,
  handle: { modules: ['src/blog/archive/archive-routes.tsx'], query: ['page'] } satisfies RouteModules,
  lazy: async () => {
    const pages = await archivePages();
    const page = { tag: pages.TagArchive, category: pages.CategoryArchive, author: pages.AuthorArchive }[kind];
    return { loader: pages.archiveLoaders[kind], Component: await withQueries(Promise.resolve(page)) };
  },
}));

/**
 * The public pages, shared by the browser and the server's render. The admin is not here: it has its own router
 * (admin-router.tsx), and a link to it is a full page load.
 */
export const siteRoutes: SiteRouteTable = {
  Layout: RootLayout,
  errorElement: <RouteErrorScreen />,
  routes: [
    ...contentRoutes.map(contentRoute),
    {
      path: '/blogs/:slug',
      // ?comment=received or published: what a comment sent without JavaScript came to.
      handle: { modules: ['src/blog/post-page/post-page.tsx'], query: ['comment'] } satisfies RouteModules,
      lazy: async () => {
        const page = loadChunk('blog-post', () => import('@/blog/post-page/post-page.tsx'));
        const Component = await withQueries(page.then(({ PostPage }) => PostPage));
        return { Component, loader: (await page).postPageLoader };
      },
    },
    ...archiveRoutes,
    { path: '*', loader: notFound },
  ],
};
