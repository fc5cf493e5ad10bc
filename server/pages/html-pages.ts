import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import type * as EntryServer from '../../src/entry-server.tsx';
import type { BlogContext } from '../blog/index.ts';
import { htmlAnswer, redirectAnswer, type Answer } from '../http/answer.ts';
import { criticalCss, policyForPage } from './critical-css.ts';
import { createPageReads } from './page-reads.ts';

export interface HtmlPagesOptions {
  clientDir: string;
  /** The server render bundle and the page template (dist/server). */
  serverDir: string;
  /** The public origin (SITE_URL, or http://HOST:PORT) put into every absolute URL. */
  origin: string;
  /** What pages show of the blog is read from it, as the API's handlers read it. */
  blog: BlogContext;
  /** Told of every page rendered: the metrics count them. */
  onRender?: () => void;
  /** A last pass over each rendered page, e.g. responsive markup for uploaded images. */
  finishHtml?: (html: string) => Promise<string>;
}

const htmlHeaders = { 'cache-control': 'no-cache' };

/** A page rendered for one answer, and the Content-Security-Policy that lets its own inline styles apply. */
export interface SitePage {
  html: string;
  policy: string;
}

/** A page with its critical CSS inlined (scripts/prerender.ts, or `render` here), under a policy naming its styles. */
const pageAnswer = (html: string, status: number): Answer =>
  htmlAnswer(html, status, { ...htmlHeaders, 'content-security-policy': policyForPage(html) });

/**
 * A page answering a form sent without JavaScript is for a browser that runs none: it goes without the app. Its body
 * says so, so that the header shows the link to the footer's sections instead of a menu button no script would open.
 */
const withoutScripts = (html: string): string =>
  html.replace(/<script type="module"[^>]*><\/script>/g, '').replace('<body>', '<body class="without-app">');

/**
 * The site's HTML, as answers for the response cache to encode and keep: prerendered content pages (with the public
 * origin put into their absolute URLs), pages that show posts rendered per request, and the bare shell for the admin.
 */
export async function createHtmlPages(app: FastifyInstance, options: HtmlPagesOptions) {
  const { clientDir, serverDir } = options;
  const entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as typeof EntryServer;
  const template = readFileSync(join(serverDir, 'template.html'), 'utf8');
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as EntryServer.BuildManifest;
  const contentRoutes = JSON.parse(readFileSync(join(clientDir, 'routes.json'), 'utf8')) as string[];

  // Pages read what the API's handlers read, in-process: the same rules, and no request to the server itself.
  const reads = createPageReads(options.blog, entry.ApiError, app.log);
  const render = (url: string, formState?: LeadFormState) => {
    options.onRender?.();
    return entry.render(url, options.origin, { reads, formState });
  };

  const perRequest = new Set(entry.renderedPerRequest ?? []);
  const prerendered = new Map<string, Answer>();
  for (const route of contentRoutes) {
    if (perRequest.has(route)) continue;
    const file = join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8').replaceAll(entry.originPlaceholder, () => options.origin);
    prerendered.set(route, pageAnswer(html, 200));
  }
  const finish = options.finishHtml ?? (async (html: string) => html);
  const inlineCriticalCss = criticalCss(clientDir);
  const queryParametersOf = rememberedPerPath(entry.queryParametersOf);
  const holdsForm = (url: string): boolean => contentRoutes.includes(url) || /^\/blogs\/[a-z0-9-]+$/.test(url);

  return {
    /** A post's summary, or the fallback made from its text, by the site's own rule. */
    postSummary: entry.postSummary,
    prerenderedRoutes: [...prerendered.keys()],
    /** Content routes the server renders per request, because they show posts. */
    renderedRoutes: contentRoutes.filter((route) => perRequest.has(route)),
    contentRoutes,
    /** The query parameters the page at a path (or route pattern) reads: a page's answer depends on no other. */
    queryParametersOf,

    prerendered(route: string): Answer | undefined {
      return prerendered.get(route);
    },

    /** The page without content, which the browser app fills: the admin. */
    shell: htmlAnswer(template, 200, { ...htmlHeaders, 'x-robots-tag': 'noindex' }),

    /** Whether the page at `url` is one that may hold a form: a content page or a post's page. */
    holdsForm,

    /**
     * A content page, or a post's page, with a refused form in it, rendered for this one answer and never kept; its
     * title says first that something went wrong.
     */
    async renderFormPage(url: string, formState: LeadFormState): Promise<string | undefined> {
      if (!holdsForm(url)) return undefined;
      const page = await render(url, formState);
      if (page.redirect) return undefined;
      return withoutScripts(entry.fillTemplate(template, page, manifest)).replace('<title>', '<title>Error: ');
    },

    /** A page of the server's own (src/app/notice-page.tsx) at `url`, in the site's look, never kept. */
    async notice(notice: EntryServer.Notice, url: string): Promise<SitePage | undefined> {
      // A build made before notices existed has no renderNotice: its notices go bare rather than fail.
      if (typeof entry.renderNotice !== 'function') return undefined;
      const html = withoutScripts(
        entry.fillTemplate(template, await entry.renderNotice(notice, options.origin, url), manifest),
      );
      return { html, policy: policyForPage(html) };
    },

    /** The page at `url` rendered now, with the status it calls for, or the redirect it asks for. */
    async render(url: string): Promise<Answer> {
      const page = await render(url);
      if (page.redirect) return redirectAnswer(page.redirect, page.status);
      return pageAnswer(inlineCriticalCss(await finish(entry.fillTemplate(template, page, manifest))), page.status);
    },
  };
}

export type HtmlPages = Awaited<ReturnType<typeof createHtmlPages>>;

/** As many paths as a site has pages, and more: anyone may make up addresses, so what is remembered is bounded. */
const rememberedPaths = 4096;

/**
 * `read` of a path, worked out once per path: the route table is walked for every address a visitor arrives at with a
 * query (a campaign's), which would otherwise cost more than answering from the cache.
 */
function rememberedPerPath<T>(read: (path: string) => T): (path: string) => T {
  const known = new Map<string, T>();
  return (path) => {
    let value = known.get(path);
    if (value === undefined) {
      if (known.size >= rememberedPaths) known.clear();
      value = read(path);
      known.set(path, value);
    }
    return value;
  };
}
