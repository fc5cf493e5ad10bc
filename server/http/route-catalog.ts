import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

export interface CatalogedRoute {
  method: HTTPMethods;
  /** The pattern, with its prefix: /api/blogs/:id */
  url: string;
  schema: FastifySchema | undefined;
}

const catalogs = new WeakMap<FastifyInstance, CatalogedRoute[]>();

/**
 * Records every route as it is added, whoever adds it, with its schemas: what the contract tests and the fuzzer draw
 * requests from, so that a new route is covered as soon as it exists. Call before any route is registered.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: CatalogedRoute[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
}

/** The routes of an app built with registerRouteCatalog, in the order they were added. */
export function routesOf(app: FastifyInstance): readonly CatalogedRoute[] {
  const routes = catalogs.get(app);
  if (routes === undefined) throw new Error('This app keeps no route catalog: call registerRouteCatalog first.');
  return routes;
}
