import type { ComponentType } from 'react';
import { loadChunk } from './chunk.ts';

/** The data-fetching library comes with the routes that show API data, never with the entry. */
export async function withQueries<P extends object>(component: Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [{ withQueryClient }, Component] = await Promise.all([
    loadChunk('query-scope', () => import('@/api/query-scope.tsx')),
    component,
  ]);
  return withQueryClient(Component);
}
