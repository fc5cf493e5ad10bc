/**
 * Renders a URL of the site to HTML on the server, from the same route tree the browser hydrates:
 * prerendering content routes at build time, and blog pages per request.
 */
import { readFile } from 'node:fs/promises';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { NoticePage, type Notice } from './app/notice-page.tsx';
import { RootLayout } from './app/root-layout.tsx';
import { siteRoutes, type RouteModules } from './app/routes.tsx';
import { ApiError, isApiError, networkErrorMessage } from './api/api-client.ts';
import { readPageDocumentsWith } from './content/page-documents.ts';
import type { PageDocument } from './content/types.gen.ts';
import { serverPageRequest, type PageReads } from './api/page-reads.ts';
import type { LeadFormState } from './domain/lead-form-state.ts';
import { LeadFormStateContext } from './ui/lead-form-state-context.ts';
import { OriginContext } from './ui/origin.ts';
import { partMarker, RenderedPartsContext, type RenderedParts } from './ui/rendered-once.tsx';
import { memoryHistory } from './ui/site-router/history.ts';
import { loadPage, matchRoute } from './ui/site-router/load-page.ts';
import { errorStatus } from './ui/site-router/route-error.ts';
import { SiteRouter } from './ui/site-router/site-router.tsx';
import { snapshotOf } from './ui/site-router/snapshot.ts';

export type { Notice };
// The server's reads fail as the API would: with the browser's own error, and the status the API would answer.
export { ApiError, type PageReads };
// The feed describes posts by the same rule as the cards, from this one implementation.
export { postSummary } from '@/domain/post-summary.ts';

// A build's page documents are beside its render bundle (server/content/), written with it (docs/decisions/0015).
readPageDocumentsWith(
  async (id) => JSON.parse(await readFile(new URL(`./content/${id}.json`, import.meta.url), 'utf8')) as PageDocument,
);

/**
 * Prerendered pages are built before the public origin is known: they carry this origin in their
 * absolute URLs, and the server puts SITE_URL in its place when it loads them.
 */
export const originPlaceholder = 'https://site-origin.invalid';

/** Content routes that show posts: the server renders them per request, so the build does not prerender them. */
export const renderedPerRequest: readonly string[] = ['/', '/blog'];

/**
 * The query parameters the page at `pathname` reads (`/blog`: page and q; most pages none). Any other parameter (a
 * campaign's `utm_*`, a `gclid`) leaves the page as it is. A route pattern (`/blogs/:slug`) names its own route.
 */
export function queryParametersOf(pathname: string): readonly string[] {
  const handle = matchRoute(siteRoutes.routes, pathname)?.route.handle as RouteModules | undefined;
  return handle?.query ?? [];
}

/** While prerendering there is no database to read: the page goes without, and the browser asks the API. */
const unreachable = (): Promise<never> => Promise.reject(new ApiError(0, networkErrorMessage));
const noReads: PageReads = {
  listPosts: unreachable,
  postBySlug: unreachable,
  postComments: unreachable,
  author: unreachable,
};

export interface RenderOptions {
  /** The server's own reads, which the page's loaders call; none while prerendering. */
  reads?: PageReads;
  /** A form sent without JavaScript and refused, to show filled in with what was wrong. */
  formState?: LeadFormState | null;
}

export interface RenderedPage {
  status: number;
  /** Where to send the visitor instead, for a redirect route. */
  redirect?: string;
  /** Title, meta and link elements for the document's head. */
  head: string;
  /** The app's markup, for the root element. */
  body: string;
  /** JSON for <script type="application/json" id="app-state">: fetched data and router state. */
  state: string;
  /** Source modules of the lazy routes on the page, to link their chunks and styles. */
  modules: string[];
}

/** The part of Vite's build manifest that links a module's chunk, imports and styles. */
export type BuildManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * Larger than any page: React writes a Suspense boundary bigger than this at the end of the page, completed by an
 * inline script that the CSP refuses. With it, every section's boundary is written inline, where it stands.
 */
const progressiveChunkSize = Number.MAX_SAFE_INTEGER;

/** The parts of every page rendered once for this build (the footer), by name: this bundle is loaded once per build. */
const renderedParts: RenderedParts = { markup: new Map(), wanted: new Map() };

/**
 * Each part's stand-in replaced with its markup (made now if this build has none yet), through a function: a
 * replacement string would read `$&` in it.
 */
function withRenderedParts(html: string): string {
  for (const [name, element] of renderedParts.wanted) renderedParts.markup.set(name, renderToString(element));
  renderedParts.wanted.clear();
  let whole = html;
  for (const [name, markup] of renderedParts.markup) whole = whole.replace(partMarker(name), () => markup);
  return whole;
}

/** A Suspense boundary React could not finish while rendering synchronously: pending, or left to the browser. */
const unfinishedBoundary = /<!--\$[?!]-->/;

/**
 * The page's markup as one string. Once the lazy parts a page uses have loaded (after its first render in this
 * process), nothing suspends, and React renders synchronously into a string, without writing the page as bytes and
 * reading them back. A page where something still suspends is rendered again, waiting for everything.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  try {
    const html = renderToString(element);
    if (!unfinishedBoundary.test(html)) return withRenderedParts(html);
  } catch {
    // Suspended outside any boundary: the waiting render below gives the page, or the error.
  }
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return withRenderedParts(Buffer.concat(chunks).toString('utf8'));
}

/** React hoists title, meta and link elements to the start of its output; they belong in the head. */
function splitHead(html: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(html);
  const head = hoisted?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/**
 * Renders the page at `url` once: the route's loader loads everything the page shows (with the server's reads) into
 * the render's query client first, so the one render finds it all there.
 */
export async function render(url: string, origin: string, options: RenderOptions = {}): Promise<RenderedPage> {
  const { reads = noReads, formState = null } = options;
  // origin + url, not new URL(url, origin): a path starting with // would otherwise name another host.
  const href = `${origin}${url}`;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const page = await loadPage(siteRoutes.routes, serverPageRequest(href, { reads, queryClient }));
  if (page.redirect) {
    const { status, location } = page.redirect;
    return { status, redirect: location, head: '', body: '', state: '', modules: [] };
  }
  const history = memoryHistory(href);
  const html = await renderToHtml(
    <OriginContext value={origin}>
      <RenderedPartsContext value={renderedParts}>
        <QueryClientProvider client={queryClient}>
          <LeadFormStateContext value={formState}>
            <SiteRouter table={siteRoutes} history={history} initialPage={page} />
          </LeadFormStateContext>
        </QueryClientProvider>
      </RenderedPartsContext>
    </OriginContext>,
  );
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => isApiError(query.state.error, 404));
  const status = missing ? 404 : page.error === null ? 200 : errorStatus(page.error);
  // A definite refusal (a 404 post) goes along, so the browser's first render matches the server's; a failure
  // that may pass (no API while prerendering, a 5xx) stays out, so the browser asks again.
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: ({ state }) =>
      state.status === 'success' ||
      (state.status === 'error' && isApiError(state.error) && state.error.status >= 400 && state.error.status < 500),
  });
  const state = JSON.stringify({ queries, router: snapshotOf(page) });
  const modules = (page.route?.handle as RouteModules | undefined)?.modules ?? [];
  return { status, ...splitHead(html), state: state.replace(/</g, '\\u003c'), modules };
}

/** The content pages' chunk, whose styles (the hero, prose) a notice uses. */
const noticeModules = ['src/app/content-page.ts'];

/**
 * A page of the server's own in the site's look (header, footer, a page hero): what an e-mailed link came to, or a
 * button to press. It is sent without the app, as a page answering a form sent without JavaScript is: nothing in it
 * needs a script, and the app's router does not know its address.
 */
export async function renderNotice(notice: Notice, origin: string, url: string): Promise<RenderedPage> {
  const href = `${origin}${url}`;
  const table = {
    Layout: RootLayout,
    routes: [{ path: '*', handle: { modules: noticeModules }, Component: () => <NoticePage notice={notice} /> }],
  };
  const queryClient = new QueryClient();
  const page = await loadPage(table.routes, serverPageRequest(href, { reads: noReads, queryClient }));
  const html = await renderToHtml(
    <OriginContext value={origin}>
      <RenderedPartsContext value={renderedParts}>
        <QueryClientProvider client={queryClient}>
          <SiteRouter table={table} history={memoryHistory(href)} initialPage={page} />
        </QueryClientProvider>
      </RenderedPartsContext>
    </OriginContext>,
  );
  return { status: 200, ...splitHead(html), state: '{}', modules: noticeModules };
}

/**
 * Stylesheet links for the page's lazy chunks, so it is styled before scripts run. Their scripts get no
 * modulepreload: a preload is fetched at high priority and would compete with the HTML, CSS and images that
 * first paint needs; the app fetches them itself once it starts.
 */
function chunkStylesOf(manifest: BuildManifest, modules: string[]): string {
  const styles = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || visited.has(key)) return;
    visited.add(key);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...styles].map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
}

/** A build's manifest does not change: the links of each route's modules are worked out once per build. */
const chunkStylesByManifest = new WeakMap<BuildManifest, Map<string, string>>();

function chunkStyles(manifest: BuildManifest, modules: string[]): string {
  let known = chunkStylesByManifest.get(manifest);
  if (known === undefined) chunkStylesByManifest.set(manifest, (known = new Map()));
  const key = modules.join(' ');
  let links = known.get(key);
  if (links === undefined) known.set(key, (links = chunkStylesOf(manifest, modules)));
  return links;
}

/** The app's entry script at low priority: the page is complete without it, so it must not delay first paint. */
function deprioritiseScriptsOf(template: string): string {
  return template
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=');
}

/** A build has one template: it is rewritten once, not for every page. */
let lastTemplate: { template: string; deprioritised: string } | undefined;

function deprioritiseScripts(template: string): string {
  if (lastTemplate?.template !== template) lastTemplate = { template, deprioritised: deprioritiseScriptsOf(template) };
  return lastTemplate.deprioritised;
}

/** The app the entry script starts after first paint: its styles (header, footer) are linked like a route's. */
const appModule = 'src/main.tsx';

/**
 * The built index.html with a rendered page in it: head elements, chunk styles, markup and the state block. The page
 * goes in through replacer functions: a replacement string would read `$&`, `$'` and `` $` `` in its text as patterns.
 */
export function fillTemplate(template: string, page: RenderedPage, manifest: BuildManifest): string {
  const head = `${chunkStyles(manifest, [appModule, ...page.modules])}${page.head}</head>`;
  const root = `<div id="root">${page.body}</div><script type="application/json" id="app-state">${page.state}</script>`;
  return deprioritiseScripts(template)
    .replace('</head>', () => head)
    .replace('<div id="root"></div>', () => root);
}
