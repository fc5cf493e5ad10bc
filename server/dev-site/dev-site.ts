/**
 * `npm run dev`: the whole server as `npm start` runs it, with Vite in middleware mode in front of its routes. Vite
 * answers its own requests (the sources as browser modules, `/@vite/client`, public/ files, the web socket of hot
 * reload) and hands every other request to Fastify, whose site renders pages from the sources (dev-pages.ts).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { createServer } from 'vite';
import type { HtmlPages, HtmlPagesOptions } from '../pages/html-pages.ts';
import { repositoryRoot } from '../repository-root.ts';
import { createDevPages } from './dev-pages.ts';

export interface DevSite {
  /** Fastify's HTTP server, with Vite's middlewares before its routes. */
  serverFactory: FastifyServerFactory;
  /** The site's pages, rendered from the sources. */
  pages: (app: FastifyInstance, options: Omit<HtmlPagesOptions, 'clientDir' | 'serverDir'>) => Promise<HtmlPages>;
  close: () => Promise<void>;
}

export async function createDevSite(): Promise<DevSite> {
  let routeToFastify: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createHttpServer((request, response) =>
    vite.middlewares(request, response, () => routeToFastify?.(request, response)),
  );
  const vite = await createServer({
    root: repositoryRoot,
    appType: 'custom',
    // dist/ changes under the server (the content studio's builds) and data/ with each write: neither is a source.
    server: { middlewareMode: true, ws: { server }, watch: { ignored: ['**/dist/**', '**/data/**'] } },
  });
  return {
    serverFactory: (handler) => {
      routeToFastify = handler;
      return server;
    },
    pages: (app, options) => createDevPages(app, vite, options),
    close: () => vite.close(),
  };
}
