import type { ReactNode } from 'react';
import { memoryHistory } from './history.ts';
import { SiteRouter } from './site-router.tsx';

/** Renders children as the page at a URL, in a router with a history in memory: for components' tests. */
export function MemoryRouter({ url = '/', children }: { url?: string; children: ReactNode }) {
  return <SiteRouter table={{ routes: [{ path: '*', element: children }] }} history={memoryHistory(url)} />;
}
