import { createContext, type ReactNode } from 'react';
import type { SiteLocation } from './load-page.ts';
import type { Params } from './match-path.ts';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** The router as components see it: where it is, how it got there, and how to move. */
export interface RouterState {
  location: SiteLocation;
  navigationType: NavigationType;
  /** Whether a link to this URL is the router's to follow; otherwise the browser loads the page. */
  handles(href: string): boolean;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Fetches a page the visitor shows intent to visit (its chunk and loader data), for the click to use. */
  prefetch(to: string): void;
  revalidate(): Promise<void>;
  revalidation: 'idle' | 'loading';
}

export const RouterContext = createContext<RouterState | null>(null);

/** The matched route's parameters, its loader's data and the error it met. */
export interface RouteState {
  params: Params;
  loaderData: unknown;
  error: unknown;
}

export const RouteContext = createContext<RouteState>({ params: {}, loaderData: undefined, error: null });

/** The page the layout's `<Outlet />` shows. */
export const OutletContext = createContext<ReactNode>(null);
