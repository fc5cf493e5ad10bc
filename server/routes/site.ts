import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { compressibleFile, precompressDirectory } from '../site/precompress.ts';
import { createSpaRouteMatcher } from '../site/spa-routes.ts';

export interface SiteOptions {
  /** The browser app's build: index.html, hashed files in assets/, and everything of public/. */
  clientDir: string;
}

function cacheHeaders(clientDir: string) {
  const hashedAssets = join(clientDir, 'assets') + sep;
  return (response: SetHeadersResponse, path: string) => {
    let cacheControl = 'public, max-age=3600';
    if (path.startsWith(hashedAssets)) cacheControl = 'public, max-age=31536000, immutable';
    else if (/\.html(\.br|\.gz)?$/.test(path)) cacheControl = 'no-cache';
    response.setHeader('cache-control', cacheControl);
    if (compressibleFile.test(path.replace(/\.(br|gz)$/, ''))) response.setHeader('vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built site: files as they are (a prerendered page P/index.html included), then index.html for the
 * paths the browser app renders (200) and for every other page address (404, so the app shows its not-found page).
 */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (app, { clientDir }) => {
  app.get('/blog-detail', (_request, reply) => reply.redirect('/blog', 301));

  if (!existsSync(join(clientDir, 'index.html'))) {
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
  const isSpaRoute = createSpaRouteMatcher(clientDir);

  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: cacheHeaders(clientDir),
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url}.`));
    }
    const path = request.url.split('?', 1)[0] ?? '/';
    return reply.code(isSpaRoute(path) ? 200 : 404).sendFile('index.html');
  });
};
