/**
 * Vite plugin: `virtual:content-routes` lists every content route (a page's route and its aliases) with the way to
 * load its document: in a build, read at run time (src/content/page-documents.ts), so that the bundles hold no page's
 * words and a save of words needs no Vite (docs/decisions/0015); on the dev server, an import of the file itself. The
 * build also writes routes.json, which the server reads to tell site routes from unknown paths.
 */
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { contentRoot, loadContent, repoRoot } from './lib/content.ts';

const virtualId = 'virtual:content-routes';
const resolvedId = `\0${virtualId}`;

export interface ContentRouteEntry {
  path: string;
  file: string;
  /** -1 for the document's own route, otherwise the index in its alsoAt list. */
  alias: number;
  /** The section types on the page, so the browser loads the code of those sections only (the blog's slots). */
  sectionTypes: string[];
}

export function contentRouteEntries(): ContentRouteEntry[] {
  return loadContent().pages.flatMap(({ path: file, data }) => {
    const sectionTypes = [...new Set(data.sections.map((section) => section.type))];
    return [
      { path: data.route, file, alias: -1, sectionTypes },
      ...(data.alsoAt ?? []).map((meta, alias) => ({ path: meta.route, file, alias, sectionTypes })),
    ];
  });
}

/** A page document's id: its file under content/ without `.json` (`services/seo`). */
export const documentId = (file: string): string =>
  relative('content', file)
    .split(sep)
    .join('/')
    .replace(/\.json$/, '');

const pageDocuments = join(repoRoot, 'src', 'content', 'page-documents.ts');

export function contentRoutes(): Plugin {
  let building = false;
  return {
    name: 'content-routes',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const entries = contentRouteEntries();
      for (const entry of entries) this.addWatchFile(join(contentRoot, entry.file));
      const load = (file: string) =>
        building ? `pageDocument(${JSON.stringify(documentId(file))})` : `import(${JSON.stringify(`/${file}`)})`;
      const items = entries.map(
        ({ path, file, alias, sectionTypes }) =>
          `  { path: ${JSON.stringify(path)}, alias: ${alias}, file: ${JSON.stringify(file)}, chunk: ${JSON.stringify(relative('content', file))}, sectionTypes: ${JSON.stringify(sectionTypes)}, load: () => ${load(file)} }`,
      );
      const imports = building ? `import { pageDocument } from ${JSON.stringify(pageDocuments)};\n` : '';
      return `${imports}export const contentRoutes = [\n${items.join(',\n')}\n];\n`;
    },
    generateBundle(options) {
      if (options.dir?.endsWith('client') ?? true) {
        const paths = contentRouteEntries().map((entry) => entry.path);
        this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(paths) });
      }
    },
  };
}

/**
 * Builds from another checkout's content (CONTENT_DIR): every module of this repository's content/ (the pages'
 * chunks, site.json) is read from that checkout's content/ instead. Nothing to do when the two are one.
 */
export function contentFromCheckout(): Plugin {
  const own = join(repoRoot, 'content') + sep;
  const other = join(contentRoot, 'content') + sep;
  return {
    name: 'content-from-checkout',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (own === other) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(own)) return null;
      return { ...resolved, id: other + resolved.id.slice(own.length) };
    },
  };
}
