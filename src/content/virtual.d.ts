declare module 'virtual:content-routes' {
  import type { PageDocument } from './types.gen.ts';

  export interface ContentRoute {
    path: string;
    /** -1 for the document's own route, otherwise the index in its alsoAt list. */
    alias: number;
    /** The document's path in the repository, as the build manifest names its chunk. */
    file: string;
    /** The document's file inside content/, to name its chunk in errors. */
    chunk: string;
    load: () => Promise<{ default: PageDocument }>;
  }

  export const contentRoutes: ContentRoute[];
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
