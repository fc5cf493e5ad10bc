declare module 'virtual:content-routes' {
  import type { PageDocument, Section } from './types.gen.ts';

  type SectionType = Section['type'];

  export interface ContentRoute {
    path: string;
    /** -1 for the document's own route, otherwise the index in its alsoAt list. */
    alias: number;
    /** The document's path in the repository, as the build manifest names its chunk. */
    file: string;
    /** The document's file inside content/, to name its chunk in errors. */
    chunk: string;
    /** The section types on the page. */
    sectionTypes: SectionType[];
    load: () => Promise<{ default: PageDocument }>;
  }

  export const contentRoutes: ContentRoute[];
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
