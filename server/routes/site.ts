import { existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BlogContext } from '../blog/blog-context.ts';
import { errorBody } from '../http/errors.ts';
import { sendJsonResponse } from '../http/json-response.ts';
import { makeImagesResponsive } from '../media/responsive-images.ts';
import { createHtmlPages, type RenderedResponse } from '../site/html-pages.ts';
import { compressibleFile, precompressDirectory } from '../site/precompress.ts';
import { feedRoutes } from './feeds.ts';

export interface SiteOptions {
  /** The browser app's build: prerendered pages, hashed files in assets/, and everything of public/. */
  clientDir: string;
  /** The server render bundle and the page template; dist/server beside clientDir by default. */
  serverDir?: string;
  blog: BlogContext;
  siteUrl?: string;
  brandName: string;
  brandTagline: string;
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
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (app, options) => {
  const { clientDir, blog } = options;
  const serverDir = options.serverDir ?? join(clientDir, '..', 'server');
  app.get('/blog-detail', (_request, reply) => reply.redirect('/blog', 301));

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
    generation: () => blog.publicResponses.generation,
    now: () => blog.clock().getTime(),
    finishHtml: (html) => makeImagesResponsive(blog.db, html),
  });
  const originOf = (request: FastifyRequest) =>
    options.siteUrl ? new URL(options.siteUrl).origin : `${request.protocol}://${request.host}`;

  const sendRendered = async (request: FastifyRequest, reply: FastifyReply) => {
    const page: RenderedResponse = await pages.render(request.url, originOf(request));
    if (page.redirect) return reply.redirect(page.redirect, page.status);
    return sendJsonResponse(request, reply.code(page.status), page.response!);
  };

  for (const route of pages.prerenderedRoutes) {
    app.get(route, (request, reply) => sendJsonResponse(request, reply, pages.prerendered(route, originOf(request))!));
  }
  app.get('/blog', sendRendered);
  app.get('/blogs/:slug', sendRendered);
  const adminShell = (request: FastifyRequest, reply: FastifyReply) => sendJsonResponse(request, reply, pages.shell);
  app.get('/admin', adminShell);
  app.get('/admin/*', adminShell);

  await app.register(feedRoutes, {
    blog,
    contentRoutes: pages.contentRoutes,
    builtAt: statSync(join(clientDir, 'routes.json')).mtime,
    siteUrl: options.siteUrl,
    brandName: options.brandName,
    description: options.brandTagline,
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    // Pages are served by the routes above, with the public origin filled in; never the raw files.
    allowedPath: (path) => !path.endsWith('.html'),
    setHeaders: cacheHeaders(clientDir),
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url}.`));
    }
    return sendRendered(request, reply);
  });
};
