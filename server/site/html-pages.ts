import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import type * as EntryServer from '../../src/entry-server.tsx';
import { ByteBudgetCache, responseBytes, type ByteBudget } from '../http/byte-budget-cache.ts';
import { preparedResponse, type PreparedResponse } from '../http/prepared-response.ts';

export interface HtmlPagesOptions {
  clientDir: string;
  /** The server render bundle and the page template (dist/server). */
  serverDir: string;
  /** The public origin (SITE_URL, or http://HOST:PORT) put into every absolute URL. */
  origin: string;
  /** Changes whenever a post is written: rendered blog pages made before it are stale. */
  generation: () => number;
  now: () => number;
  /** When the next scheduled post comes out (ms since the epoch, Infinity if none): rendered pages expire then. */
  nextPublication: () => Promise<number>;
  /** A last pass over each rendered page, e.g. responsive markup for uploaded images. */
  finishHtml?: (html: string) => Promise<string>;
  /** How much the rendered pages kept in memory may hold. */
  renderBudget?: ByteBudget;
}

/** A page answering a form sent without JavaScript is for a browser that runs none: it goes without the app. */
const withoutScripts = (html: string): string => html.replace(/<script type="module"[^>]*><\/script>/g, '');

export interface RenderedResponse {
  status: number;
  redirect?: string;
  response?: PreparedResponse;
}

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
// Writes through any instance clear the cache at once (the change watcher); this bounds changes made by hand in SQL.
const renderedTtlMs = 5000;
// A post's page holds its text up to three times (markup, the data for the browser, the summary): a long post's
// page is a few megabytes, an ordinary one well under 100 KB.
const defaultRenderBudget: ByteBudget = { maxBytes: 32 * 1024 * 1024, maxEntryBytes: 4 * 1024 * 1024 };

/**
 * The site's HTML: prerendered content pages (with the public origin put into their absolute URLs),
 * pages that show posts rendered per request and cached until the next write or scheduled publication, and
 * the bare shell for the admin.
 */
export async function createHtmlPages(app: FastifyInstance, options: HtmlPagesOptions) {
  const { clientDir, serverDir } = options;
  const entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as typeof EntryServer;
  const template = readFileSync(join(serverDir, 'template.html'), 'utf8');
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as EntryServer.BuildManifest;
  const contentRoutes = JSON.parse(readFileSync(join(clientDir, 'routes.json'), 'utf8')) as string[];

  // Rendering on the server asks the API in-process: same rules, no network.
  const transport: Parameters<typeof entry.setApiTransport>[0] = async (path, init) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    if (init.method && init.method !== 'GET') throw new Error('The server renderer only reads.');
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  const perRequest = new Set(entry.renderedPerRequest ?? []);
  const prerendered = new Map<string, PreparedResponse>();
  for (const route of contentRoutes) {
    if (perRequest.has(route)) continue;
    const file = join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8').replaceAll(entry.originPlaceholder, () => options.origin);
    prerendered.set(route, preparedResponse(Buffer.from(html), htmlHeaders));
  }
  const rendered = new ByteBudgetCache<RenderedResponse & { expiresAt: number; generation: number }>(
    options.renderBudget ?? defaultRenderBudget,
  );

  return {
    /** A post's summary, or the fallback made from its text, by the site's own rule. */
    postSummary: entry.postSummary,
    prerenderedRoutes: [...prerendered.keys()],
    /** Content routes the server renders per request, because they show posts. */
    renderedRoutes: contentRoutes.filter((route) => perRequest.has(route)),
    contentRoutes,

    prerendered(route: string): PreparedResponse | undefined {
      return prerendered.get(route);
    },

    /** The page without content, which the browser app fills: the admin. */
    shell: preparedResponse(Buffer.from(template), { ...htmlHeaders, 'x-robots-tag': 'noindex' }),

    /** What the rendered pages kept in memory hold, in bytes. */
    get renderedBytes(): number {
      return rendered.bytes;
    },

    /** A content page with a refused form in it, rendered for this one answer and never kept. */
    async renderFormPage(url: string, formState: LeadFormState): Promise<string | undefined> {
      if (!contentRoutes.includes(url)) return undefined;
      entry.setApiTransport(transport);
      const page = await entry.render(url, options.origin, formState);
      return page.redirect ? undefined : withoutScripts(entry.fillTemplate(template, page, manifest));
    },

    async render(url: string): Promise<RenderedResponse> {
      const generation = options.generation();
      const cached = rendered.get(url);
      if (cached && cached.generation === generation && cached.expiresAt > options.now()) return cached;
      // Set at every render: the bundle is loaded once per process, which tests share between several apps.
      entry.setApiTransport(transport);
      const [page, nextPublication] = await Promise.all([entry.render(url, options.origin), options.nextPublication()]);
      const finish = options.finishHtml ?? (async (html: string) => html);
      const result: RenderedResponse = page.redirect
        ? { status: page.status, redirect: page.redirect }
        : {
            status: page.status,
            response: preparedResponse(
              Buffer.from(await finish(entry.fillTemplate(template, page, manifest))),
              htmlHeaders,
            ),
          };
      if (generation === options.generation()) {
        const expiresAt = Math.min(options.now() + renderedTtlMs, nextPublication);
        const bytes = result.response ? responseBytes(result.response) : (result.redirect?.length ?? 0);
        rendered.set(url, { ...result, expiresAt, generation }, bytes);
      }
      return result;
    },
  };
}

export type HtmlPages = Awaited<ReturnType<typeof createHtmlPages>>;
