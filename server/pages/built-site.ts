import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isArchiveName } from '../../src/domain/term-slug.ts';
import { isAuthorSlug } from '../../src/domain/author-slug.ts';
import { type BlogContext, feedRoutes, movedPostPages } from '../blog/index.ts';
import type { Redirect, RedirectsDocument } from '../../src/content/types.gen.ts';
import { readContentRedirects } from '../http/content-redirects.ts';
import { errorBody } from '../http/errors.ts';
import type { Answer } from '../http/answer.ts';
import { answerKey, answerKeyOf, registerCachedAnswerReader, sendAnswer } from '../http/cached-answers.ts';
import { makeImagesResponsive } from '../media/index.ts';
import { createHtmlPages, type HtmlPages, type HtmlPagesOptions } from './html-pages.ts';
import { isBuildBookkeeping, withoutTrailingSlash } from './build-files.ts';
import { compressibleFile, precompressDirectory } from './precompress.ts';
import { refusedFormAt, refusedFormParameter, type FormPages } from '../leads/index.ts';

export interface BuiltSiteOptions {
  /** The browser app's build: prerendered pages, hashed files in assets/, and everything of public/. */
  clientDir: string;
  /** The server render bundle and the page template; dist/server beside clientDir by default. */
  serverDir?: string;
  blog: BlogContext;
  /** The public origin of absolute URLs: from the configuration, never from the request. */
  origin: string;
  brandName: string;
  brandTagline: string;
  /** Given the renderer of a page holding a refused form, once the build is loaded. */
  formPages?: FormPages;
  /** `npm run dev`: the pages rendered from the sources (server/dev-site), instead of a build's. */
  devPages?: (app: FastifyInstance, options: Omit<HtmlPagesOptions, 'clientDir' | 'serverDir'>) => Promise<HtmlPages>;
  /** Given the way to serve another build, once the first is loaded: the content studio's publisher swaps builds. */
  live?: LiveBuild;
}

/** The served build, and the way to serve another in its place without a restart (docs/decisions/0015). */
export interface LiveBuild {
  /**
   * Loads the build whose client folder is `clientDir` (its render bundle in ../server) and serves it from the next
   * request on, every kept answer forgotten: each page comes whole from one build or the other.
   */
  swap?: (clientDir: string) => Promise<void>;
  /** The served build's client folder. */
  clientDir?: string;
  /** Which content the served build shows (content-files.ts `contentFingerprint`); null when it did not record it. */
  fingerprint?: string | null;
  /** The redirects of the content the served build shows (its server/redirects.json), swapped with it. */
  redirects?: Redirect[];
}

/** One build of the site, loaded: its pages and what the sitemap tells of it. */
async function loadBuild(app: FastifyInstance, options: BuiltSiteOptions, clientDir: string, serverDir: string) {
  const pageOptions = {
    origin: options.origin,
    blog: options.blog,
    onRender: () => app.metrics.pageRenders.inc(),
    finishHtml: (html: string) => makeImagesResponsive(options.blog.db, html),
  };
  if (options.devPages) {
    return { clientDir, pages: await options.devPages(app, pageOptions), builtAt: new Date(), fingerprint: null };
  }
  const pages = await createHtmlPages(app, { clientDir, serverDir, ...pageOptions });
  const readJson = <T>(file: string): T | undefined =>
    existsSync(join(serverDir, file)) ? (JSON.parse(readFileSync(join(serverDir, file), 'utf8')) as T) : undefined;
  return {
    clientDir,
    pages,
    builtAt: statSync(join(clientDir, 'routes.json')).mtime,
    contentDates: readJson<Record<string, string>>('content-dates.json'),
    fingerprint: readJson<{ fingerprint: string }>('content.json')?.fingerprint ?? null,
    // A build from before the prerender wrote them: the repository's, as the server read them at start.
    redirects: readJson<RedirectsDocument>('redirects.json')?.redirects ?? readContentRedirects(),
  };
}

async function precompress(app: FastifyInstance, clientDir: string) {
  try {
    await precompressDirectory(clientDir);
  } catch (error) {
    app.log.warn(
      { err: error },
      `Could not write compressed copies of the site into ${clientDir}; serving it uncompressed`,
    );
  }
}

/** Hashed files (assets/ of any build served) are immutable; the rest is kept an hour. */
function cacheHeaders(clientDirs: ReadonlySet<string>) {
  return (response: SetHeadersResponse, path: string) => {
    const immutable = basename(dirname(path)) === 'assets' && clientDirs.has(dirname(dirname(path)));
    response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    if (compressibleFile.test(path.replace(/\.(br|gz)$/, ''))) response.setHeader('vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built site: content pages prerendered at build time, the blog rendered per request, the admin's
 * shell, static files, and for every other address the not-found page with status 404. The build can be swapped
 * for another while the server runs (`LiveBuild`).
 */
export const builtSiteRoutes: FastifyPluginAsync<BuiltSiteOptions> = async (app, options) => {
  const { clientDir, blog } = options;
  const serverDir = options.serverDir ?? join(clientDir, '..', 'server');
  // One address per page: `/about/` moves to `/about` before any file lookup, whatever the request accepts.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const canonical = withoutTrailingSlash(request.url);
    if (canonical) return reply.redirect(canonical, 301);
  });

  const built = existsSync(join(serverDir, 'entry-server.js')) && existsSync(join(clientDir, 'routes.json'));
  if (!options.devPages && !built) {
    app.log.warn(`No build of the site in ${clientDir}: serving the API only. Run \`npm run build\`.`);
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, `Nothing at ${request.url}.`)));
    return;
  }

  if (!options.devPages) await precompress(app, clientDir);

  let build = await loadBuild(app, options, clientDir, serverDir);
  const clientDirs = new Set([clientDir]);
  const live = options.live ?? {};
  Object.assign(live, { clientDir, fingerprint: build.fingerprint, redirects: build.redirects });
  live.swap = async (nextClientDir: string) => {
    const next = await loadBuild(app, options, nextClientDir, join(nextClientDir, '..', 'server'));
    clientDirs.add(nextClientDir);
    build = next;
    // In the same turn: no answer of the old build is given from memory after the swap, nor kept if still being made.
    blog.responses.forget();
    Object.assign(live, { clientDir: nextClientDir, fingerprint: next.fingerprint, redirects: next.redirects });
  };
  if (options.formPages) options.formPages.holds = (url) => build.pages.holdsForm(url);
  // A form's page named with a refused form sent without JavaScript: rendered with it, for this answer only, before
  // any kept answer is looked up. Once the form is no longer kept, the page as it is.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '', query = ''] = request.url.split('?', 2);
    const token = new URLSearchParams(query).get(refusedFormParameter);
    if (token === null) return;
    const state = await refusedFormAt(blog.db, path, token, blog.clock());
    const html = state && (await build.pages.renderFormPage(path, state));
    if (!html) return /^\/(?!\/)/.test(path) ? reply.redirect(path, 303) : undefined;
    return reply.headers({ 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' }).send(html);
  });
  // After the trailing-slash redirect: pages are kept by their one address.
  registerCachedAnswerReader(app, blog.responses);

  const send = (request: FastifyRequest, reply: FastifyReply, load: () => Promise<Answer>, key?: string) =>
    sendAnswer(blog.responses, request, reply, load, key);
  /**
   * The page at `url`, with `status` instead of its own when given. By default the request's address less the query
   * parameters the page does not read: rendered and kept without a visitor's campaign parameters, and given to all.
   */
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, status?: number, url = answerKey(request)) =>
    send(
      request,
      reply,
      async () => {
        const page = await build.pages.render(url);
        return status === undefined ? page : { ...page, status };
      },
      url,
    );

  // Each page declares the query parameters it reads, in the build served now: the others are no part of its key.
  const config = { readsQuery: (path: string) => build.pages.queryParametersOf(path) };
  app.get(
    '/blogs/:slug',
    { config, preHandler: movedPostPages(blog, (request, reply) => sendRendered(request, reply, 410)) },
    (request, reply) => sendRendered(request, reply),
  );
  for (const [kind, isName] of [
    ['tag', isArchiveName],
    ['category', isArchiveName],
    ['author', isAuthorSlug],
  ] as const) {
    // A name no tag (or author) can have is answered with the one not-found page of its kind, rendered once and
    // kept: the address, which anyone can vary, is neither rendered nor kept. `*` because a long parameter would not
    // match.
    app.get<{ Params: { '*': string } }>(`/blog/${kind}/*`, { config }, (request, reply) =>
      isName(request.params['*']) ? sendRendered(request, reply) : sendRendered(request, reply, 404, `/blog/${kind}/-`),
    );
  }
  const adminShell = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply, async () => build.pages.shell);
  // The admin's shell is the same page whatever the address: the admin's own router reads it in the browser.
  app.get('/admin', { config: { readsQuery: [] } }, adminShell);
  app.get('/admin/*', { config: { readsQuery: [] } }, adminShell);

  await app.register(feedRoutes, {
    blog,
    site: () => build,
    origin: options.origin,
    brandName: options.brandName,
    description: options.brandTagline,
    postSummary: build.pages.postSummary,
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    // Pages are served by the route below, with the public origin filled in; never the raw files.
    allowedPath: (path) => !isBuildBookkeeping(path),
    setHeaders: cacheHeaders(clientDirs),
  });
  // Content pages, and the files of the build, from whichever build is served now.
  app.get<{ Params: { '*': string } }>('/*', { config }, (request, reply) => {
    const path = `/${request.params['*']}`;
    const page = build.pages.prerendered(path);
    if (page) return send(request, reply, async () => page);
    if (build.pages.renderedRoutes.includes(path)) return sendRendered(request, reply);
    return reply.sendFile(path, build.clientDir);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url}.`));
    }
    const path = request.url.split('?', 1)[0]!;
    return sendRendered(request, reply, undefined, answerKeyOf(request.url, build.pages.queryParametersOf(path)));
  });
};
