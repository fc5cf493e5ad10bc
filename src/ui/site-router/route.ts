import type { ComponentType, ReactNode } from 'react';
import type { Params } from './match-path.ts';

/** What a loader gets: the matched parameters, and the request (its signal aborts when the visitor moves on). */
export interface LoaderFunctionArgs {
  params: Params;
  request: Request;
}

export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** What a route renders and fetches; a lazy route's import resolves to this. */
export interface RouteDefinition {
  Component?: ComponentType;
  element?: ReactNode;
  loader?: LoaderFunction;
}

/** A public page's route: a path of static and `:name` segments (or `*`), eager or lazy. */
export interface SiteRoute extends RouteDefinition {
  path: string;
  /** Anything the app keeps with the route (the modules the server links for it). */
  handle?: unknown;
  lazy?: () => Promise<RouteDefinition>;
}

/** The layout around every route (it renders `<Outlet />`), the routes, and what a failed route shows. */
export interface SiteRouteTable {
  routes: SiteRoute[];
  Layout?: ComponentType;
  errorElement?: ReactNode;
}
