import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { requiredAccess, type RouteAccess } from '../auth/index.ts';
import { resolveTopRef } from './url-numbers.ts';

export interface CatalogedRoute {
  method: HTTPMethods;
  /** The pattern, with its prefix: /api/blogs/:id */
  url: string;
  schema: FastifySchema | undefined;
  /** Who the guard lets call it. */
  access: RouteAccess;
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
    // Parts declared by reference are recorded as the schemas they name, so their properties can be drawn from.
    const lookup = (id: string) => app.getSchema(id);
    const schema =
      route.schema &&
      (Object.fromEntries(
        Object.entries(route.schema).map(([part, value]) =>
          part === 'response' ? [part, value] : [part, resolveTopRef(value, lookup)],
        ),
      ) as FastifySchema);
    for (const method of methods) {
      routes.push({ method, url: route.url, schema, access: requiredAccess(method, route.config) });
    }
  });
}

/** The routes of an app built with registerRouteCatalog, in the order they were added. */
export function routesOf(app: FastifyInstance): readonly CatalogedRoute[] {
  const routes = catalogs.get(app);
  if (routes === undefined) throw new Error('This app keeps no route catalog: call registerRouteCatalog first.');
  return routes;
}
