import { basename, dirname } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isArchiveName } from '../../src/domain/term-slug.ts';
import { isAuthorSlug } from '../../src/domain/author-slug.ts';
import { type BlogContext, feedRoutes, movedPostPages } from '../blog/index.ts';
import { errorBody } from '../http/errors.ts';
import type { Answer } from '../http/answer.ts';
import { answerKey, answerKeyOf, registerCachedAnswerReader, sendAnswer } from '../http/cached-answers.ts';
import { isBuildBookkeeping, withoutTrailingSlash } from './build-files.ts';
import { compressibleFile } from './precompress.ts';
import type { ServedSite } from './served-site.ts';
import { refusedFormAt, refusedFormParameter } from '../leads/index.ts';

export interface BuiltSiteOptions {
  /** The site's build, loaded before the plugins; undefined without one (the API only is served). */
  site: ServedSite | undefined;
  blog: BlogContext;
  /** The public origin of absolute URLs: from the configuration, never from the request. */
  origin: string;
  brandName: string;
  brandTagline: string;
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
 * for another while the server runs (served-site.ts).
 */
export const builtSiteRoutes: FastifyPluginAsync<BuiltSiteOptions> = async (app, options) => {
  const { site, blog } = options;
  // One address per page: `/about/` moves to `/about` before any file lookup, whatever the request accepts.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const canonical = withoutTrailingSlash(request.url);
    if (canonical) return reply.redirect(canonical, 301);
  });

  if (!site) {
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, `Nothing at ${request.url}.`)));
    return;
  }
  const { clientDir } = site;
  // A form's page named with a refused form sent without JavaScript: rendered with it, for this answer only, before
  // any kept answer is looked up. Once the form is no longer kept, the page as it is.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const queryStart = request.url.indexOf('?');
    // Most queries are a campaign's: parsed only when the parameter's name may be in it, plainly or encoded.
    const query = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
    if (!query.includes(refusedFormParameter) && !query.includes('%')) return;
    const path = request.url.slice(0, queryStart);
    const token = new URLSearchParams(query).get(refusedFormParameter);
    if (token === null) return;
    const state = await refusedFormAt(blog.db, path, token, blog.clock());
    const html = state && (await site.build.pages.renderFormPage(path, state));
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
        const page = await site.build.pages.render(url);
        return status === undefined ? page : { ...page, status };
      },
      url,
    );

  // Each page declares the query parameters it reads, in the build served now: the others are no part of its key.
  const config = { readsQuery: (path: string) => site.build.pages.queryParametersOf(path) };
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
    send(request, reply, async () => site.build.pages.shell);
  // The admin's shell is the same page whatever the address: the admin's own router reads it in the browser.
  app.get('/admin', { config: { readsQuery: [] } }, adminShell);
  app.get('/admin/*', { config: { readsQuery: [] } }, adminShell);

  await app.register(feedRoutes, {
    blog,
    site: () => site.build,
    origin: options.origin,
    brandName: options.brandName,
    description: options.brandTagline,
    postSummary: site.build.pages.postSummary,
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
    setHeaders: cacheHeaders(site.clientDirs),
  });
  // Content pages, and the files of the build, from whichever build is served now.
  app.get<{ Params: { '*': string } }>('/*', { config }, (request, reply) => {
    const path = `/${request.params['*']}`;
    const page = site.build.pages.prerendered(path);
    if (page) return send(request, reply, async () => page);
    if (site.build.pages.renderedRoutes.includes(path)) return sendRendered(request, reply);
    return reply.sendFile(path, site.build.clientDir);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url}.`));
    }
    const path = request.url.split('?', 1)[0]!;
    return sendRendered(request, reply, undefined, answerKeyOf(request.url, site.build.pages.queryParametersOf(path)));
  });
};
