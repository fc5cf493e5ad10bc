import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isArchiveName } from '../../src/domain/term-slug.ts';
import { isAuthorSlug } from '../../src/domain/author-slug.ts';
import type { BlogContext } from '../blog/blog-context.ts';
import { errorBody } from '../http/errors.ts';
import type { Answer } from '../http/answer.ts';
import { answerKey, answerKeyOf, registerCachedAnswerReader, sendAnswer } from '../http/cached-answers.ts';
import { makeImagesResponsive } from '../media/responsive-images.ts';
import { createHtmlPages } from '../pages/html-pages.ts';
import { isBuildBookkeeping, withoutTrailingSlash } from '../pages/build-files.ts';
import { compressibleFile, precompressDirectory } from '../pages/precompress.ts';
import { feedRoutes } from './feeds.ts';
import { refusedFormAt, refusedFormParameter, type FormPages } from '../leads/form-refusal.ts';
import { movedPostPages } from './moved-post-pages.ts';

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
}

function cacheHeaders(clientDir: string) {
  const hashedAssets = join(clientDir, 'assets') + sep;
  return (response: SetHeadersResponse, path: string) => {
    const immutable = path.startsWith(hashedAssets);
    response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    if (compressibleFile.test(path.replace(/\.(br|gz)$/, ''))) response.setHeader('vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built site: content pages prerendered at build time, the blog rendered per request, the admin's
 * shell, static files, and for every other address the not-found page with status 404.
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

  if (!existsSync(join(serverDir, 'entry-server.js')) || !existsSync(join(clientDir, 'routes.json'))) {
    app.log.warn(`No build of the site in ${clientDir}: serving the API only. Run \`npm run build\`.`);
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, `Nothing at ${request.url}.`)));
    return;
  }

  try {
    await precompressDirectory(clientDir);
  } catch (error) {
    app.log.warn(
      { err: error },
      `Could not write compressed copies of the site into ${clientDir}; serving it uncompressed`,
    );
  }

  const pages = await createHtmlPages(app, {
    clientDir,
    serverDir,
    origin: options.origin,
    blog,
    onRender: () => app.metrics.pageRenders.inc(),
    finishHtml: (html) => makeImagesResponsive(blog.db, html),
  });
  if (options.formPages) options.formPages.holds = pages.holdsForm;
  // A form's page named with a refused form sent without JavaScript: rendered with it, for this answer only, before
  // any kept answer is looked up. Once the form is no longer kept, the page as it is.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '', query = ''] = request.url.split('?', 2);
    const token = new URLSearchParams(query).get(refusedFormParameter);
    if (token === null) return;
    const state = await refusedFormAt(blog.db, path, token, blog.clock());
    const html = state && (await pages.renderFormPage(path, state));
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
        const page = await pages.render(url);
        return status === undefined ? page : { ...page, status };
      },
      url,
    );

  // Each page route declares the query parameters its page reads: the others are no part of its answer's key.
  const reads = (route: string) => ({ readsQuery: pages.queryParametersOf(route) });
  for (const route of pages.prerenderedRoutes) {
    const page = pages.prerendered(route)!;
    app.get(route, { config: reads(route) }, (request, reply) => send(request, reply, async () => page));
  }
  for (const route of pages.renderedRoutes) {
    app.get(route, { config: reads(route) }, (request, reply) => sendRendered(request, reply));
  }
  app.get(
    '/blogs/:slug',
    {
      config: reads('/blogs/:slug'),
      preHandler: movedPostPages(blog, (request, reply) => sendRendered(request, reply, 410)),
    },
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
    app.get<{ Params: { '*': string } }>(
      `/blog/${kind}/*`,
      { config: reads(`/blog/${kind}/:name`) },
      (request, reply) =>
        isName(request.params['*'])
          ? sendRendered(request, reply)
          : sendRendered(request, reply, 404, `/blog/${kind}/-`),
    );
  }
  // The admin's shell is the same page whatever the address: the admin's own router reads it in the browser.
  const adminShell = (request: FastifyRequest, reply: FastifyReply) => send(request, reply, async () => pages.shell);
  app.get('/admin', { config: { readsQuery: [] } }, adminShell);
  app.get('/admin/*', { config: { readsQuery: [] } }, adminShell);

  await app.register(feedRoutes, {
    blog,
    contentRoutes: pages.contentRoutes,
    builtAt: statSync(join(clientDir, 'routes.json')).mtime,
    contentDates: existsSync(join(serverDir, 'content-dates.json'))
      ? (JSON.parse(readFileSync(join(serverDir, 'content-dates.json'), 'utf8')) as Record<string, string>)
      : undefined,
    origin: options.origin,
    brandName: options.brandName,
    description: options.brandTagline,
    postSummary: pages.postSummary,
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    // Pages are served by the routes above, with the public origin filled in; never the raw files.
    allowedPath: (path) => !isBuildBookkeeping(path),
    setHeaders: cacheHeaders(clientDir),
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url}.`));
    }
    const path = request.url.split('?', 1)[0]!;
    return sendRendered(request, reply, undefined, answerKeyOf(request.url, pages.queryParametersOf(path)));
  });
};
